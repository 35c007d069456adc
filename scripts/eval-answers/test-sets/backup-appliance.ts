// Held-out set "manual-faq": the administrator's manual of a fictional self-hosted backup
// appliance (a PDF) and its support FAQ (a web page). Written for this benchmark, before any
// change to the answering code, by someone who had not read that code.
import type { WrittenDocument } from './document'

export const BACKUP_MANUAL: WrittenDocument = {
  title: 'Vaultline B4 Backup Appliance',
  subtitle: 'Administrator Guide, firmware 3.2. Northgate Systems.',
  sections: [
    {
      heading: 'About this guide',
      blocks: [
        'This guide is for the person who installs and looks after a Vaultline B4 in a home office or a small company. It explains how to put drives in the appliance, how to create backup jobs for the computers on your network, how to copy backups to a second site and how to get files back when something has gone wrong. You do not need to be a storage specialist, but you should be comfortable with the settings of your router and with installing software on the computers you want to protect.',
        'Menu paths are written with a greater-than sign between the steps. For example, Settings > Network > Interfaces means: open Settings in the left-hand menu of the web console, choose Network, then the Interfaces tab.',
      ],
    },
    {
      heading: 'Safety notes',
      blocks: [
        'Place the appliance on a flat, stable surface with at least 10 cm of free space behind it so that the rear fan can draw air through the drive cage. Do not stack other equipment on top of the case. Use only the 90 W power adapter that came in the box; adapters of other devices may have the same plug but a different voltage, and the damage they cause is not covered by the warranty.',
        'The appliance is designed for ambient temperatures between 5 °C and 35 °C and a relative humidity of 10% to 85%, non-condensing. If you bring it in from a cold car, let it stand for an hour before switching it on.',
      ],
    },
    {
      heading: 'Hardware overview',
      blocks: [
        'The front of the B4 has four drive bays behind a magnetic cover, a power button, a status light and a USB-C port. The USB-C port is the one-touch copy port: plug in a USB drive and press the copy button beside it to copy the drive into the Copies share. At the rear you will find two 2.5 Gigabit Ethernet ports (LAN 1 and LAN 2), two USB-A 3.2 ports for external drives and UPS units, the power socket and a small pinhole marked RESET.',
        'Inside, the B4 runs on a quad-core 2.0 GHz processor with 8 GB of memory. The memory can be expanded to 32 GB with a single SO-DIMM module; the slot is under the plate on the bottom of the case, which is held by two screws.',
      ],
    },
    {
      heading: 'Installing drives',
      blocks: [
        'The B4 accepts 3.5-inch and 2.5-inch SATA drives of up to 24 TB each. Solid-state drives work in any bay. Drives are held in tool-less trays: pull the lever of a tray, lift the drive in and press the side rails until they click. A 2.5-inch drive needs the four M3 screws supplied in the accessory bag, because the rails only fit the larger size.',
        'Any data already on a drive is erased when the drive joins a volume. Copy anything you need from an old drive before you install it.',
        'Drives can be swapped while the appliance is running, but only when the volume is healthy or when the console asks you to replace a failed drive. Pulling a working drive out of a degraded volume will make its data unavailable.',
      ],
    },
    {
      heading: 'First start-up',
      blocks: [
        'Connect LAN 1 to your router or switch and plug in the power adapter. Hold the power button for two seconds. The status light blinks blue while the system starts, which takes about three minutes the first time, and turns solid blue when the appliance is ready.',
        'On a computer in the same network, open a browser and go to http://vaultline.local. If that name does not resolve, look up the address your router handed out to a device named VAULTLINE-B4 and type that address instead. The setup wizard starts automatically.',
        'The wizard asks you to create the administrator account. There is no default password: choose a user name and a password of at least 12 characters. It then asks for the time zone, checks for newer firmware and offers to create the first volume. You can skip any step except the administrator account and come back to it later from Settings.',
      ],
    },
    {
      heading: 'Storage volumes',
      blocks: [
        'A volume is the space the appliance stores backups in. It is made of one or more drives, arranged in one of four layouts. Choose the layout when you create the volume under Storage > Volumes > Create.',
        {
          list: [
            'Single: each drive on its own. No protection: if a drive fails, the backups on it are lost.',
            'Mirror: two drives holding the same data. One drive may fail without loss. The usable space is that of the smaller drive.',
            'Parity: three or more drives, of which the space of one is used for parity. One drive may fail without loss.',
            'Double parity: four drives, of which the space of two is used for parity. Any two drives may fail at the same time without loss.',
          ],
        },
        'Drives of different sizes can be combined, but in a mirror or parity layout each drive only contributes as much space as the smallest one. A volume can later be grown by replacing its drives one at a time with larger ones or, for parity volumes, by adding a drive to an empty bay.',
      ],
    },
    {
      heading: 'Rebuilding and scrubbing',
      level: 2,
      blocks: [
        'When a drive of a protected volume fails, the status light turns solid amber and the volume is marked degraded. Replace the failed drive with one of the same size or larger; the rebuild starts by itself and takes roughly two hours per terabyte of used space. Backups keep running during a rebuild, though more slowly.',
        'Once a month the appliance reads every block of every volume and compares it with its checksum, repairing silent errors from the parity or mirror copy. This scrub runs on the first Sunday of the month at 02:00 by default; you can move it under Storage > Maintenance.',
      ],
    },
    {
      heading: 'Backup jobs',
      blocks: [
        'Computers are backed up by the Vaultline agent, a small program that runs on Windows 10 and 11, macOS 12 or later and the common Linux distributions. Download it from the appliance itself under Settings > Agents; the installer already knows the appliance it belongs to.',
        'After installation the agent appears under Devices, and you can create a job for it: choose the folders or whole disks to protect, a schedule and a retention rule. The appliance handles up to 64 jobs, of which four run at the same time; the others wait in a queue in the order they became due.',
        'By default a job runs every hour and keeps hourly versions for 24 hours, daily versions for 30 days and monthly versions for 12 months. Older versions are pruned every night. The retention rule can be changed per job.',
      ],
    },
    {
      heading: 'Deduplication and compression',
      level: 2,
      blocks: [
        'Backups are cut into blocks of 4 MB, and a block the appliance already holds is never stored twice, even if it comes from another computer. Ten laptops with the same operating system therefore take little more space than one. Blocks are compressed before they are written; text and office files usually shrink to less than half their size, while photos and videos hardly shrink at all.',
      ],
    },
    {
      heading: 'Encryption',
      level: 2,
      blocks: [
        'Each job can be encrypted with AES-256 using a passphrase you choose when you create the job. The passphrase never leaves the agent, so Northgate cannot read your data and cannot help you if you forget it: a lost passphrase means the backups of that job can no longer be restored. Write it down and keep it somewhere safe, away from the computers it protects.',
      ],
    },
    {
      heading: 'Bandwidth and schedules',
      level: 2,
      blocks: [
        'To keep the network usable during office hours, a job can be limited to a number of megabits per second, or limited only within a time window such as 08:00 to 18:00 on weekdays. Laptops that are on battery power skip their scheduled runs unless you allow it in the job settings.',
      ],
    },
    {
      heading: 'Offsite replication',
      blocks: [
        "A backup in the same room as the computers does not help after a fire or a theft. Replication copies the appliance's backups to a second Vaultline at another site or to any S3-compatible object storage. Set it up under Replication > Targets.",
        'Between two appliances, replication uses TCP port 7443, which must be reachable on the receiving side. Only new blocks are sent after the first run. Because the first run can be large, you can seed it by hand: copy the backups to a USB drive with Replication > Seed, carry the drive to the other site and import it there.',
        'Replication runs in a window you choose, by default from 22:00 to 06:00. If a run does not finish within the window, it pauses and resumes the next night where it stopped.',
      ],
    },
    {
      heading: 'Restoring files',
      blocks: [
        'To restore files, open Restore in the web console, choose the device and the point in time, and browse the folders as they were then. Selected files can be put back in their original location through the agent, written to another folder, or downloaded as a ZIP archive of up to 20 GB. Larger selections must be restored through the agent.',
        'If a computer will no longer start, make a recovery stick under Settings > Recovery media. You need a USB stick of at least 16 GB. Start the broken computer from the stick, connect it to the network and choose the backup to write back to its disk; this is called a bare-metal restore and it replaces everything on the target disk.',
      ],
    },
    {
      heading: 'Users and access',
      blocks: [
        'Besides the administrator, the console knows three roles. Operators can start and stop jobs and restore files for any device but cannot change settings. Viewers can look at job history and reports only. Device owners can restore their own files and nothing else.',
        'Two-factor authentication with an authenticator app can be required for all accounts under Settings > Security. After five wrong passwords in a row an account is locked for 15 minutes. Accounts can also be taken from an LDAP directory or Active Directory, in which case passwords are checked by the directory.',
      ],
    },
    {
      heading: 'Network settings',
      blocks: [
        'By default both Ethernet ports take their address from DHCP. To give the appliance a fixed address, open Settings > Network > Interfaces and switch the port to manual. Remember that the recovery sticks and the agents find the appliance by the address or name they were given when they were made.',
        'The two ports can be bonded for more throughput, provided both are connected to the same switch and the switch supports LACP (IEEE 802.3ad). Jumbo frames with an MTU of 9000 can be enabled when every device on the path supports them.',
        'The web console is served over HTTPS on port 443. SSH on port 22 is switched off by default and only needed when Northgate support asks for it.',
      ],
    },
    {
      heading: 'Notifications',
      blocks: [
        'The appliance can send alerts by e-mail through your own SMTP server, or to a web address as a webhook. You will be warned when a job fails or has not run for three days, when a drive reports SMART errors, when a drive grows hotter than 55 °C and when a volume becomes degraded. A summary report of all jobs can be sent every Monday morning.',
      ],
    },
    {
      heading: 'Firmware updates',
      blocks: [
        'The appliance checks for new firmware every night at 03:30 and shows a banner when an update is available. Installing it takes about five minutes including a restart; running jobs are paused and continue afterwards. While the firmware is being written the status light is purple. Never unplug the power while the light is purple.',
        'If an update causes a problem, you can return to the previous firmware within 30 days under Settings > Firmware > Roll back. Automatic installation can be switched on for security updates only.',
      ],
    },
    {
      heading: 'Power and UPS',
      blocks: [
        'With four hard drives the B4 draws about 28 W while working and 9 W once the drives have spun down. Drives spin down after 20 minutes without activity; the delay can be changed under Settings > Power.',
        'A UPS connected to one of the rear USB-A ports is detected automatically. When the mains power fails, the appliance keeps running on the UPS and shuts itself down cleanly once the UPS battery drops to 20%. It can also act as a network UPS server for other machines.',
      ],
    },
    {
      heading: 'Cleaning and maintenance',
      blocks: [
        'Dust is the main enemy of the drives. Clean the dust filter behind the front cover every three months, or every month in a workshop or a dusty room: unclip it, rinse it under the tap and let it dry completely. The rear fan can be replaced without tools; order part number VF-92 from your dealer.',
      ],
    },
    {
      heading: 'Troubleshooting',
      blocks: [
        'The status light tells you what the appliance is doing:',
        {
          list: [
            'Blinking blue: starting up or shutting down.',
            'Solid blue: ready, everything is fine.',
            'Solid amber: a volume is degraded; replace the failed drive.',
            'Blinking red: a drive has failed and a volume is no longer available.',
            'Purple: firmware is being installed.',
          ],
        },
        'If the appliance cannot be found on the network, check that the cable is in LAN 1, that the light is solid blue, and that the computer is in the same network and not on a guest Wi-Fi.',
        'The RESET pinhole has two functions. Press it for four seconds to reset the network settings and the administrator password; you will hear one beep. Press it for ten seconds, until you hear three beeps, to restore the factory configuration: all settings, users and jobs are deleted, but the backups on the drives are kept and can be imported again.',
      ],
    },
    {
      heading: 'Specifications and warranty',
      blocks: [
        {
          list: [
            'Dimensions: 22 × 16 × 24 cm (width × height × depth).',
            'Weight: 3.1 kg without drives.',
            'Noise: 19 dB(A) with drives spun down, 27 dB(A) under load.',
            'Processor: quad-core 2.0 GHz; memory 8 GB, up to 32 GB.',
            'Network: 2 × 2.5 GbE; USB: 1 × USB-C front, 2 × USB-A 3.2 rear.',
          ],
        },
        "The B4 comes with a three-year limited warranty from the date of purchase. Drives you install yourself are covered by their own manufacturer's warranty, not by Northgate's. To make a claim, register the serial number printed under the appliance at the Northgate support portal.",
      ],
    },
  ],
}

export const BACKUP_FAQ: WrittenDocument = {
  title: 'Vaultline B4: frequently asked questions',
  subtitle: 'Answers from the Northgate support team.',
  sections: [
    {
      heading: 'Does the appliance need an internet connection?',
      blocks: [
        'No. Backups and restores work entirely within your own network. The internet is only used to check for firmware updates and, if you set it up, to replicate to cloud storage. You can also download firmware on another computer and upload it by hand.',
      ],
    },
    {
      heading: 'Is there a subscription or a licence per computer?',
      blocks: [
        'No. The price of the appliance includes the software, the agents and all updates for the life of the product. There is no limit on the number of computers beyond the 64 jobs the appliance can hold.',
      ],
    },
    {
      heading: 'Can I back up my phone?',
      blocks: [
        "Yes, with the Vaultline Photos app for iOS and Android. It uploads photos and videos whenever the phone is on your home Wi-Fi. Messages, apps and phone settings are not backed up; use the phone maker's own backup for those.",
      ],
    },
    {
      heading: 'Does it work with Time Machine?',
      blocks: [
        'Yes. Create a share under Storage > Shares and tick "Use as Time Machine destination". Macs running macOS 11 or later will offer it in their Time Machine settings. You may set a quota so that Time Machine does not fill the volume.',
      ],
    },
    {
      heading: 'What happens if the appliance itself breaks?',
      blocks: [
        'Your backups are on the drives, not in the appliance. Put the drives into another B4, in any order, and choose Storage > Import volume. The volume and the job history are found on the drives. Settings and users can be restored from the configuration backup the appliance e-mails to you every week if notifications are set up.',
      ],
    },
    {
      heading: 'Can I reach the appliance from outside my network?',
      blocks: [
        'We recommend a VPN into your network. Opening port 443 on your router to the internet is possible but not recommended. The Northgate Relay service can also connect you to the console without opening any port; it is free for one appliance per account.',
      ],
    },
    {
      heading: 'How loud is it?',
      blocks: [
        'With the drives spun down it is barely audible, at 19 dB(A). During a backup with four hard drives working you will hear a soft hum of about 27 dB(A), quieter than most desktop computers.',
      ],
    },
    {
      heading: 'Which drives do you recommend?',
      blocks: [
        'Any drive sold for use in network storage (NAS) works well. Avoid drives using shingled magnetic recording (SMR): they work, but rebuilds of a protected volume can take several times longer. The compatibility list in the support portal names the models we have tested.',
      ],
    },
    {
      heading: 'Can I use the appliance as a normal file server as well?',
      blocks: [
        'Yes. Besides backups, the B4 can share folders over SMB and NFS. Keep in mind that files on a share are not backed up by the appliance itself unless you replicate them offsite: a share is a copy of nothing.',
      ],
    },
    {
      heading: 'How do I contact support?',
      blocks: [
        'Write to support@northgate-systems.example or call +44 20 7946 0321, Monday to Friday from 8:00 to 18:00 UK time. Please have the serial number of the appliance ready; it is printed under the case and shown under Settings > About.',
      ],
    },
    {
      heading: 'Is my data sent to Northgate?',
      blocks: [
        'No. Backups never leave your appliance unless you configure replication. The appliance sends anonymous usage statistics only if you allow it in the setup wizard, and you can turn them off at any time under Settings > Privacy.',
      ],
    },
    {
      heading: 'Can I move backups from my old backup software?',
      blocks: [
        'Not directly. Keep the old backups where they are until their retention has passed, and start fresh backups with the Vaultline agent. Most customers keep the old system for three months.',
      ],
    },
  ],
}
