import { expect, test } from '../support/fixtures.ts';
import { modelTakesImages, resolveVision } from '../../core/llm/vision-models.ts';
import { visionScale } from '../../capture/perceive/vision.ts';
import { startFakeLlm, step } from '../../harness/fake-llm.ts';
import { startSkillsSite } from './skills-site.ts';
import { kCliTestTimeoutMs, sessionIdOf, useHarness } from '../../harness/sites/agent-site.ts';

/** `--vision`: a labelled screenshot goes with each step when on, and nothing is taken when off. */

const h = useHarness({ start: startSkillsSite, timeoutMs: null });

const kDone = step({ done: { text: 'seen', success: true } });

test('--vision on sends a JPEG of the viewport as an image part; off and auto (a text model) send none', async () => {
  test.setTimeout(kCliTestTimeoutMs);
  const seen: Record<string, string[]> = {};
  for (const mode of ['on', 'off', 'auto']) {
    const llm = await startFakeLlm([kDone]);
    const result = await h.ws.run(['capture', 'run', '--url', h.site.url, '--instruction', 'look', '--format', 'txt', '--no-finish-check', '--vision', mode], llm);
    await llm.close();
    expect(result.code, result.stderr).toBe(0);
    sessionIdOf(result);
    seen[mode] = llm.requests[0]!.messages.flatMap((m) => m.images);
    if (mode === 'on') {
      expect(llm.requests[0]!.messages[0]!.content).toContain('the numbered boxes on it are the element indexes');
      expect(llm.requests[0]!.messages[1]!.content).toContain('<browser_state>');
    } else {
      expect(llm.requests[0]!.messages[0]!.content).not.toContain('numbered boxes');
    }
  }
  expect(seen.on).toHaveLength(1);
  const image = Buffer.from(seen.on![0]!.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
  expect(seen.on![0]!.startsWith('data:image/jpeg;base64,')).toBe(true);
  expect(image.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  // The default viewport (1280x720) fits the budget: the image keeps its size (JPEG SOF0 holds height, width).
  const sof = image.indexOf(Buffer.from([0xff, 0xc0]));
  expect([image.readUInt16BE(sof + 7), image.readUInt16BE(sof + 5)]).toEqual([1280, 720]);
  expect(seen.off).toEqual([]);
  expect(seen.auto).toEqual([]);
});

test('BU_VISION=1 turns auto on; the model name decides otherwise; big viewports are scaled to the budget', async () => {
  expect(resolveVision('auto', { BU_VISION: '1', BU_MODEL: 'llama3' })).toBe(true);
  expect(resolveVision('auto', { BU_MODEL: 'gpt-4o-mini' })).toBe(true);
  expect(resolveVision('auto', { BU_MODEL: 'llama3.1:8b' })).toBe(false);
  expect(resolveVision('auto', { BU_MODEL: 'claude-sonnet-4' }, true)).toBe(false);
  expect(resolveVision('off', { BU_VISION: '1' })).toBe(false);
  expect(['gpt-4.1', 'gemini-2.5-flash', 'qwen2.5-vl-7b', 'claude-3-5-sonnet'].every(modelTakesImages)).toBe(true);
  expect(['fake-model', 'mistral-small', 'qwen2.5:7b'].some(modelTakesImages)).toBe(false);
  expect(visionScale({ width: 1280, height: 720 })).toBe(1);
  expect(visionScale({ width: 1920, height: 1080 })).toBeCloseTo(1280 / 1920);
});
