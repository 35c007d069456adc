// Held-out set "product-manual": the user manual of a fictional GPS bike computer, a PDF.
// Written for this benchmark, before any change to the answering code, by someone who had not
// read that code.
import type { WrittenDocument } from './document'

export const BIKE_MANUAL: WrittenDocument = {
  title: 'Trailpace 5 GPS Bike Computer',
  subtitle: 'User Manual. Please read before your first ride.',
  sections: [
    {
      heading: 'In the box',
      blocks: [
        {
          list: [
            'Trailpace 5 bike computer',
            'Stem and handlebar mount with two sizes of rubber band',
            'Out-front mount for 31.8 mm and 35 mm handlebars',
            'USB-C charging cable',
            'Tether strap and quick start card',
          ],
        },
      ],
    },
    {
      heading: 'Getting to know your Trailpace',
      blocks: [
        'The Trailpace 5 has a 2.4-inch colour screen that stays readable in direct sunlight, and three buttons. The button on the left side is the power and light button. On the bottom edge are the Lap button on the left and the Start/Stop button on the right. The screen is not a touchscreen, so it works with winter gloves and in the rain.',
        'Hold the power button for two seconds to switch the unit on or off. A short press while it is on turns the backlight on or off and opens the quick menu, from which you can lock the buttons.',
      ],
    },
    {
      heading: 'Charging the battery',
      blocks: [
        'Charge the unit fully before the first ride. Open the rubber flap on the back and connect the USB-C cable to a computer or a USB wall charger of 5 V. A full charge from empty takes about two and a half hours, and the battery icon shows a lightning symbol while charging.',
        'A full battery lasts up to 20 hours of riding with GPS only, or about 12 hours with navigation, the backlight on constantly and sensors connected. In battery saver mode, which records your position less often and dims the screen, it lasts up to 35 hours.',
        'Close the rubber flap firmly after charging. The unit is water resistant to IPX7, which means it survives rain and a short drop into water, but only with the flap closed. Do not charge it while it is wet.',
      ],
    },
    {
      heading: 'Mounting the unit on your bike',
      blocks: [
        'For the stem mount, place the rubber pad of the mount on the stem or the handlebar and stretch one of the rubber bands around it, choosing the smaller band for thin bars. Then set the computer on the mount so that the tabs sit in the slots and turn it a quarter of a turn clockwise until it clicks. To remove it, turn it a quarter of a turn anticlockwise.',
        'The out-front mount holds the computer in front of the handlebar, where it is easier to read. Tighten its screws with a 3 mm hex key to no more than 1 Nm; overtightening can crack a carbon handlebar.',
        'Fix the tether strap between the computer and the bike if you ride on rough trails, so the unit does not get lost if it is knocked off its mount.',
      ],
    },
    {
      heading: 'Pairing with your phone',
      blocks: [
        'Install the Trailpace app from the App Store or Google Play, open it and choose Add device. On the computer, open Menu > Settings > Phone > Pair. The app shows a six-digit code that must match the one on the screen. Once paired, the computer shows incoming calls and messages, uploads your rides automatically after each ride and receives routes you plan in the app.',
        "The phone connection uses Bluetooth Low Energy, so it hardly affects your phone's battery. Only one phone can be paired at a time; pairing a new phone removes the old one.",
      ],
    },
    {
      heading: 'Sensors',
      blocks: [
        'The Trailpace 5 connects to speed, cadence, heart rate and power sensors over ANT+ and Bluetooth. To add one, wake the sensor up (turn the crank or the wheel, or put on the heart rate strap), then open Menu > Sensors > Add sensor. The unit searches for about 30 seconds and lists what it finds. Up to 12 sensors can be saved, and each is connected automatically whenever it is nearby.',
        'Without a speed sensor the computer takes your speed from GPS. A wheel sensor gives steadier readings in forests and tunnels, where GPS is weak. If you use one, set the wheel circumference under Menu > Sensors > the sensor > Wheel size, or leave it on Auto to let the unit measure it during the first kilometres.',
        'A power meter must be calibrated before each ride for accurate readings. Open the sensor and choose Calibrate with the crank arm pointing straight down and your feet off the pedals.',
      ],
    },
    {
      heading: 'Recording a ride',
      blocks: [
        'Wait until the satellite icon at the top of the screen turns green, which usually takes less than a minute outdoors with a clear view of the sky. Press Start/Stop to start recording. Press it again to pause; a paused ride can be resumed or, with a long press, saved or discarded.',
        'Auto-pause stops the timer when you stop moving, for example at traffic lights, and starts it again when you ride on. It is on by default and pauses below 3 km/h; you can change the speed or turn it off under Menu > Settings > Ride.',
        'Press Lap to mark a lap, for example at each climb or at each round of a circuit. The Auto lap setting can mark a lap every 5 km or every time you pass the spot where you started.',
      ],
    },
    {
      heading: 'Data screens',
      blocks: [
        'While you ride, press Lap and Start/Stop together to go through the data screens. There are five data screens, and each can show between one and ten fields, such as speed, distance, time, ascent, heart rate, power and the time of day. Data screens are set up in the app under Device > Data screens, where you drag the fields you want onto a preview of the screen. Changes are sent to the unit the next time it connects.',
        'The climb screen appears by itself when you start a climb on a planned route. It shows the distance and the height still to go and the gradient of the next 500 m.',
      ],
    },
    {
      heading: 'Navigation',
      blocks: [
        'Routes can be planned in the Trailpace app, imported as GPX files, or synced from Komoot and Strava once you have connected those accounts in the app. Open Menu > Navigate, choose a route and press Start/Stop. The map shows the route as a purple line, and the unit beeps and shows an arrow before each turn.',
        'If you leave the route, the computer warns you and, after 50 m, offers to take you back. It recalculates on the road map that is stored in the unit, so this works without a phone connection.',
        "Maps of one region are preinstalled. Other regions can be downloaded in the app under Device > Maps over Wi-Fi; each region needs between 200 MB and 1.5 GB of the unit's 16 GB of storage.",
      ],
    },
    {
      heading: 'Safety features',
      blocks: [
        'If incident detection is on and the unit senses a hard impact followed by no movement, it sounds an alarm and counts down from 30 seconds. If you do not cancel the countdown by pressing any button, your phone sends a text message with your position to the emergency contacts you chose in the app. The phone must be paired and have mobile reception for this to work.',
        'Live tracking lets friends or family follow your ride on a map in a web browser. Start it in the app before you set off; the link is sent to the people you choose and stops working when the ride is saved.',
      ],
    },
    {
      heading: 'Training with the Trailpace',
      blocks: [
        'To train by heart rate or power, first enter your maximum heart rate and your functional threshold power (FTP) in the app under Profile. The unit then divides the range into zones and colours the heart rate and power fields by zone.',
        'Workouts you create in the app, or import from a training platform, guide you step by step: the screen shows the target, the time left in the step and whether you are above or below the target. A ramp test in the Workouts menu estimates your FTP in about 20 minutes.',
      ],
    },
    {
      heading: 'Updating the software',
      blocks: [
        'New software is sent to the computer through the app, or over Wi-Fi once you have added your home network under Menu > Settings > Wi-Fi. Updates are installed while the unit is charging. Do not disconnect the cable while the progress bar is shown.',
      ],
    },
    {
      heading: 'Care and cleaning',
      blocks: [
        'Clean the unit with a soft cloth and fresh water. Do not use a pressure washer, solvents or sun cream near the screen; they can damage the coating. Store it in a dry place between 0 °C and 45 °C, and charge it to about half every three months if you do not use it over the winter. The unit works in temperatures from -10 °C to 50 °C.',
      ],
    },
    {
      heading: 'Troubleshooting',
      blocks: [
        'If the screen freezes, hold the power button and the Lap button together for ten seconds until the screen goes dark. This restarts the unit; your rides and settings are kept.',
        'To return to factory settings, open Menu > Settings > System > Reset. This deletes all rides, routes and sensors from the unit, but not the rides already uploaded to the app.',
        'If GPS takes a long time to find your position, make sure the unit has synced with the app within the last seven days: the app sends satellite orbit data that makes the first fix much faster.',
        'If the unit does not charge, check that the USB-C port is dry and free of dirt. Some car and bicycle dynamo chargers do not deliver a steady 5 V; use a wall charger instead.',
      ],
    },
    {
      heading: 'Warranty and specifications',
      blocks: [
        'The Trailpace 5 is covered by a two-year warranty against defects in materials and workmanship. The battery is guaranteed to keep at least 80% of its capacity for two years. Damage from crashes, from an open charging flap or from opening the case is not covered.',
        {
          list: [
            'Size: 53 × 84 × 19 mm; weight: 78 g.',
            'Screen: 2.4-inch colour, 240 × 320 pixels.',
            'Satellites: GPS, Galileo, GLONASS and BeiDou.',
            'Connections: ANT+, Bluetooth Low Energy, Wi-Fi, USB-C.',
            'Storage: 16 GB, enough for about 200 hours of rides besides the maps.',
          ],
        },
      ],
    },
  ],
}
