import ical, { ICalCalendarMethod, ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Locale } from '../../../shared/locale.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { zonedParts } from '../../../shared/time.ts';
import { homeVisitPreparation } from './templates/booking-mails.ts';
import { appointmentTime, clean, inLanguage, knownTimeZone, picker, webAddress } from './templates/format.ts';
import type { BookingMailData, MailAttachment } from './templates/types.ts';

/**
 * The appointment as an iCalendar file (RFC 5545, written by ical-generator) for the booking mails:
 * DTSTART/DTEND in the lab's time zone (`TZID=Asia/Riyadh`) with its VTIMEZONE block (from
 * timezones-ical-library), so a calendar shows the lab's time and the reader's own alike.
 *
 * A home collection spans its window (DTSTART to DTEND) at the home's address (LOCATION); a booking for
 * a family member names them in the title and the description.
 *
 * Privacy: the title, location and description name the lab, the place, the patient and the time,
 * never the test (health data stays in the app).
 */
export function bookingCalendarEvent(data: BookingMailData, locale: Locale): MailAttachment {
  const start = Date.parse(data.startsAt);
  if (Number.isNaN(start)) throw new Error(`Not an instant: ${data.startsAt}`);
  const t = picker(locale);
  const timeZone = knownTimeZone(data.timeZone);
  const lab = inLanguage(data.labName, locale);
  const when = appointmentTime(data.startsAt, data.minutes, timeZone, locale);
  const reference = clean(data.bookingReference);
  const link = webAddress(data.link);
  const phone = data.labPhone === null ? '' : formatPhone(clean(data.labPhone));
  const home = data.homeVisit && clean(data.homeVisit.address);
  const patient = data.patientName === undefined ? '' : clean(data.patientName);
  const forPatient = patient && ` — ${patient}`;
  const description = [
    t(`رقم الحجز: ${reference}`, `Booking reference: ${reference}`),
    (patient || home) && t(`المستفيد: ${patient || clean(data.name)}`, `Patient: ${patient || clean(data.name)}`),
    home
      ? t(`${when.date}، فترة الزيارة ${when.window} (${when.zone})`, `${when.date}, visit window ${when.window} (${when.zone})`)
      : t(`${when.date}، الساعة ${when.time} (${when.zone})`, `${when.date}, ${when.time} (${when.zone})`),
    home && t(`عنوان الزيارة: ${home}`, `Visit address: ${home}`),
    home && homeVisitPreparation(t),
    phone && t(`هاتف المختبر: ${phone}`, `Lab phone: ${phone}`),
    t(`لإدارة حجزك: ${link}`, `Manage your booking: ${link}`),
  ]
    .filter(Boolean)
    .join('\n');

  const calendar = ical({ prodId: { company: 'Tahaleel', product: 'Bookings', language: 'EN' }, method: ICalCalendarMethod.PUBLISH });
  // No calendar-wide zone (it would write DTSTAMP without its Z): the event names its zone, and the
  // generator adds that zone's VTIMEZONE.
  calendar.timezone({ name: null, generator: (zone) => tzlib_get_ical_block(zone)[0] ?? null });
  calendar.createEvent({
    // One UID per booking: a re-sent or updated file replaces the same calendar entry instead of adding one.
    id: bookingEventUid(reference),
    sequence: data.sequence ?? 0,
    start: wallClock(start, timeZone),
    end: wallClock(start + data.minutes * 60_000, timeZone),
    timezone: timeZone,
    summary: home
      ? t(`زيارة منزلية من ${lab} لأخذ العينة${forPatient}`, `Home sample collection by ${lab}${forPatient}`)
      : t(`موعد تحليل في ${lab}${forPatient}`, `Lab appointment at ${lab}${forPatient}`),
    // A home visit happens at home: the lab's address is not where anyone goes.
    location: home || inLanguage(data.labAddress, locale),
    description,
    status: ICalEventStatus.CONFIRMED,
    busystatus: ICalEventBusyStatus.BUSY,
  });
  return {
    filename: 'tahaleel-appointment.ics',
    content: calendar.toString(),
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
  };
}

/** The lab's clock at the instant, `YYYY-MM-DDTHH:MM:SS`: what ical-generator writes after `TZID=`. */
function wallClock(instant: number, timeZone: string): string {
  const { date, time } = zonedParts(new Date(instant), timeZone);
  return `${date}T${time}`;
}

function bookingEventUid(reference: string): string {
  return `booking-${encodeURIComponent(reference.toUpperCase())}@tahaleel.sa`;
}
