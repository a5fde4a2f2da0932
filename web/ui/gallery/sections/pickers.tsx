import { useState } from 'react';
import { DatePicker, type PickedDate } from '../../src/date-picker.js';
import { DateTimePicker, type PickedDateTime } from '../../src/date-time-picker.js';
import { TimeZonePicker } from '../../src/time-zone-picker.js';
import { Demo, Section } from '../section.js';

function Shown({ value }: { value: string }) {
  return (
    <p className="gallery-note">
      Value sent: <output>{value}</output>
    </p>
  );
}

export function PickersSection() {
  const [zone, setZone] = useState<string>();
  const [london, setLondon] = useState('Europe/London');
  const [day, setDay] = useState<PickedDate | null>({ iso: '2026-03-14', formatted: '03-14-2026' });
  const [future, setFuture] = useState<PickedDate | null>(null);
  const [start, setStart] = useState<PickedDateTime | null>(null);
  const [doors, setDoors] = useState<PickedDateTime | null>(null);
  return (
    <>
      <Section
        id="time-zone-picker"
        title="Time zone picker"
        rule="§9: default America/New_York; no Pacific, Atlantic, Antarctica, Arctic, Etc or other non-city regions."
      >
        <div className="gallery-grid">
          <Demo title="Default">
            <TimeZonePicker label="Event time zone" {...(zone ? { value: zone } : {})} onChange={setZone} />
            <Shown value={zone ?? 'America/New_York'} />
          </Demo>
          <Demo title="A chosen zone">
            <TimeZonePicker label="Your time zone" value={london} onChange={setLondon} />
            <Shown value={london} />
          </Demo>
          <Demo title="Disabled">
            <TimeZonePicker
              label="Team default time zone"
              value="America/Chicago"
              onChange={() => undefined}
              disabled
            />
          </Demo>
        </div>
      </Section>
      <Section id="date-picker" title="Date picker" rule="§9: default format MM-DD-YYYY; optional block on past dates.">
        <div className="gallery-grid">
          <Demo title="Default format">
            <DatePicker label="Show date" defaultValue="2026-03-14" onChange={setDay} />
            <Shown value={day?.iso ?? 'none'} />
          </Demo>
          <Demo title="Past dates blocked">
            <DatePicker label="Event starts on" blockPast onChange={setFuture} />
            <Shown value={future?.iso ?? 'none'} />
          </Demo>
          <Demo title="Another format (DD/MM/YYYY)">
            <DatePicker label="Invoice date" format="DD/MM/YYYY" defaultValue="2026-07-01" />
          </Demo>
          <Demo title="Disabled">
            <DatePicker label="Trial ends on" defaultValue="2026-04-30" disabled />
          </Demo>
        </div>
      </Section>
      <Section
        id="date-time-picker"
        title="Date-time picker"
        rule="§9: default step 15 minutes, default format 'MMMM d, yyyy', 12- or 24-hour time."
      >
        <div className="gallery-grid">
          <Demo title="Defaults: 15 minutes, 12-hour">
            <DateTimePicker label="Show starts" onChange={setStart} />
            <Shown value={start ? `${start.date} ${start.time}` : 'none'} />
          </Demo>
          <Demo title="24-hour, 30-minute step, past blocked">
            <DateTimePicker label="Doors open" hourCycle={24} step={30} blockPast onChange={setDoors} />
            <Shown value={doors ? `${doors.date} ${doors.time}` : 'none'} />
          </Demo>
          <Demo title="Prefilled">
            <DateTimePicker label="Rehearsal" defaultValue={{ date: '2026-03-13', time: '18:45' }} />
          </Demo>
          <Demo title="Disabled">
            <DateTimePicker label="Load-out" defaultValue={{ date: '2026-03-15', time: '23:00' }} disabled />
          </Demo>
        </div>
      </Section>
    </>
  );
}
