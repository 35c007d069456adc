/* Dashboard enhancements. Every page works without this file. */
(function () {
  'use strict';

  // Copy buttons are hidden until this script can make them work.
  document.querySelectorAll('[data-copy-target]').forEach(function (button) {
    var target = document.getElementById(button.getAttribute('data-copy-target'));
    var status = document.getElementById(button.getAttribute('data-copy-status'));
    if (!target) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      var value = target.value !== undefined ? target.value : target.textContent;
      var done = function () { if (status) status.textContent = 'Copied to the clipboard.'; };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(value).then(done, function () { fallback(); });
      } else {
        fallback();
      }
      function fallback() {
        target.select();
        try { document.execCommand('copy'); done(); } catch (e) { if (status) status.textContent = 'Select the text and copy it.'; }
      }
    });
  });

  // Move focus to the error summary after a failed submission, so screen readers announce it.
  var summary = document.querySelector('[data-focus-on-load]');
  if (summary) summary.focus();

  // A new calendar's time zone starts as the browser's own (the owner can still pick another).
  var zone = '';
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) {}
  document.querySelectorAll('select[data-browser-zone]').forEach(function (select) {
    if (!zone) return;
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === zone) { select.value = zone; break; }
    }
  });

  // Times are shown in the owner's zone. A time on a calendar's clock (data-zone) stays as it is
  // when that zone is the owner's, and otherwise keeps the calendar's time beside the owner's.
  document.querySelectorAll('time[data-local]').forEach(function (el) {
    var at = new Date(el.getAttribute('datetime'));
    if (isNaN(at.getTime())) return;
    var calendarZone = el.getAttribute('data-zone');
    if (calendarZone && calendarZone === zone) return;
    try {
      var own = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(at) + (zone ? ' (' + zone + ')' : '');
      var calendarTime = el.textContent;
      el.textContent = own;
      if (calendarZone) {
        var note = document.createElement('span');
        note.className = 'time-note';
        note.textContent = 'Calendar time: ' + calendarTime;
        el.appendChild(note);
      }
    } catch (e) {}
  });

  // Link jobs refresh themselves while any is still queued.
  var live = document.querySelector('[data-refresh-while-queued]');
  if (live) {
    var refresh = function () {
      fetch(window.location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } })
        .then(function (r) { return r.ok ? r.text() : null; })
        .then(function (html) {
          if (!html) return;
          var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById(live.id);
          if (fresh) live.innerHTML = fresh.innerHTML;
          if (live.querySelector('[data-status="queued"]')) setTimeout(refresh, 1500);
        })
        .catch(function () {});
    };
    if (live.querySelector('[data-status="queued"]')) setTimeout(refresh, 1500);
  }
})();
