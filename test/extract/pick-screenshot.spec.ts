import { expect, test } from '../support/fixtures.ts';
import { pickScreenshot } from '../../extract/records/actions.ts';
import type { TraceEvent } from '../../extract/records/events.ts';
import { ModelBuilder } from '../../extract/records/model.ts';

/**
 * Which picture an action gets: its own per-action screenshot, else the latest screencast frame of
 * its page, else (a trace recorded without the screencast) the latest per-action screenshot of its
 * page up to its end.
 */

function call(callId: string, method: string, start: number, end: number): TraceEvent[] {
  return [
    { type: 'before', callId, startTime: start, class: 'Page', method, params: {}, pageId: 'page@1' },
    { type: 'after', callId, endTime: end },
  ] as TraceEvent[];
}

function shot(callId: string, phase: string, timestamp: number, pageId = 'page@1'): TraceEvent {
  return { type: 'screenshot', callId, phase, pageId, timestamp, file: `screenshots/${callId}-${phase}.png` } as TraceEvent;
}

function model(events: TraceEvent[]) {
  const builder = new ModelBuilder();
  builder.startFile();
  for (const event of events) builder.add(event);
  return builder.finish();
}

const kEvents: TraceEvent[] = [
  ...call('call@1', 'goto', 10, 20),
  shot('call@1', 'before', 10),
  shot('call@1', 'after', 21),
  // Another tab, photographed later: never the picture of a call on page@1.
  shot('call@9', 'after', 25, 'page@2'),
  // Brought to the front: the tracer takes no pictures of it.
  ...call('call@2', 'bringToFront', 30, 31),
  // Taken after the call ended: not what the page looked like then.
  shot('call@3', 'after', 40),
];

test('a call without pictures of its own gets the latest per-action screenshot of its page up to its end', () => {
  const m = model(kEvents);
  const entries = new Set(['screenshots/call@1-before.png', 'screenshots/call@1-after.png', 'screenshots/call@9-after.png', 'screenshots/call@3-after.png']);
  expect(pickScreenshot(m.byId.get('call@2')!, 'page@1', m, entries)).toEqual({ from: 'screenshots/call@1-after.png', source: 'earlier-action' });
  // Its own screenshot first, after before before.
  expect(pickScreenshot(m.byId.get('call@1')!, 'page@1', m, entries)).toEqual({ from: 'screenshots/call@1-after.png', source: 'action-after' });
  // A file the zip does not hold is skipped for the one before it.
  expect(pickScreenshot(m.byId.get('call@2')!, 'page@1', m, new Set(['screenshots/call@1-before.png']))).toEqual({ from: 'screenshots/call@1-before.png', source: 'earlier-action' });
  expect(pickScreenshot(m.byId.get('call@2')!, null, m, entries)).toBeNull();
});

test('a screencast frame comes before an earlier action\'s screenshot', () => {
  const frame = { type: 'screencast-frame', pageId: 'page@1', file: 'screencast/page@1-1.jpeg', timestamp: 29, width: 1280, height: 720 } as TraceEvent;
  const m = model([...kEvents, frame]);
  const entries = new Set(['screenshots/call@1-after.png', 'screencast/page@1-1.jpeg']);
  expect(pickScreenshot(m.byId.get('call@2')!, 'page@1', m, entries)).toEqual({ from: 'screencast/page@1-1.jpeg', source: 'screencast' });
});
