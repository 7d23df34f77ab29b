import { describe, expect, it } from 'vitest';
import { NOTICE_CHANNELS, NOTICE_KINDS } from '../domain/push.ts';
import type { LaunchNoticeKind } from './launch-notices.ts';
import { launchNotices } from './launch-notices.ts';
import { noticeChannelLabels, noticeKindLabels, pushNotices } from './push-notices.ts';

const when = 'sábado 6 de junio a las 11:00';
const everyPush = [
  ...Object.values(pushNotices.launch).map((words) => words({ when, back: '18:30' })),
  ...Object.values(pushNotices.contract),
  pushNotices.dataToConfirm,
  ...Object.values(pushNotices.authorisation),
  pushNotices.outingOverdue({ back: '18:30' }),
];

describe('push notices', () => {
  it('name every kind and channel a person chooses', () => {
    expect(Object.keys(noticeKindLabels).sort()).toEqual([...NOTICE_KINDS].sort());
    expect(Object.keys(noticeChannelLabels).sort()).toEqual([...NOTICE_CHANNELS].sort());
  });

  it('have lock-screen words for every launch notice', () => {
    expect(Object.keys(pushNotices.launch).sort()).toEqual((Object.keys(launchNotices) as LaunchNoticeKind[]).sort());
    expect(pushNotices.launch.confirmed({ when })).toEqual({
      title: 'Bajada confirmada',
      body: 'Tu bajada del sábado 6 de junio a las 11:00 está confirmada.',
    });
  });

  it('fit a lock screen: a short title, one sentence or two, no placeholder left', () => {
    for (const { title, body } of everyPush) {
      expect(title.length, title).toBeLessThanOrEqual(40);
      expect(body.length, body).toBeLessThanOrEqual(120);
      expect(`${title} ${body}`).not.toMatch(/undefined|null|\$\{|\n/);
    }
  });
});
