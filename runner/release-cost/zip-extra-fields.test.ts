/**
 * Zip extra fields decoded field by field (zip-extra-fields.ts), each layout worked by hand from Info-ZIP's
 * extrafld.txt and APPNOTE 4.5.5; what no layout reads stays in hex.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { zipExtraFields } from './zip-extra-fields.js';

/** One extra field block: header id and data size (both u16 LE), then the data. */
function block(id: number, data: number[]): number[] {
  return [id & 0xff, id >> 8, data.length & 0xff, data.length >> 8, ...data];
}

// 1700000000 = 0x6553f100, LE 00 f1 53 65: 2023-11-14T22:13:20Z. 1734570800 = 0x67637330, LE 30 73 63 67.
const T1 = [0x00, 0xf1, 0x53, 0x65];
const T2 = [0x30, 0x73, 0x63, 0x67];

test('UT: the flags name the times that follow; a central header carries the modification time only', () => {
  const local = zipExtraFields(Uint8Array.from(block(0x5455, [0x03, ...T1, ...T2])), 'zip.local-extra');
  assert.equal(local, {
    'zip.local-extra.UT':
      'flags 0x03, mtime 2023-11-14T22:13:20Z (1700000000), atime 2024-12-19T01:13:20Z (1734570800)',
  });
  const central = zipExtraFields(Uint8Array.from(block(0x5455, [0x03, ...T1])), 'zip.extra');
  assert.equal(central, { 'zip.extra.UT': 'flags 0x03, mtime 2023-11-14T22:13:20Z (1700000000)' });
});

test('NTFS: attribute 1 holds three FILETIMEs, 100 ns ticks since 1601', () => {
  // (1700000000 + 11644473600) * 10^7 = 133444736000000000 = 0x01da1747c66d0000, LE 00 00 6d c6 47 17 da 01;
  // five ticks more is the same second and 0000005 of its seven decimal places.
  const ft = [0x00, 0x00, 0x6d, 0xc6, 0x47, 0x17, 0xda, 0x01];
  const ft5 = [0x05, 0x00, 0x6d, 0xc6, 0x47, 0x17, 0xda, 0x01];
  const data = [0, 0, 0, 0, 0x01, 0x00, 24, 0x00, ...ft, ...ft5, ...ft];
  assert.equal(zipExtraFields(Uint8Array.from(block(0x000a, data)), 'zip.extra'), {
    'zip.extra.NTFS':
      'mtime 2023-11-14T22:13:20.0000000Z, atime 2023-11-14T22:13:20.0000005Z, ctime 2023-11-14T22:13:20.0000000Z',
  });
});

test('UX, Ux and ux: times, then uid and gid; an empty Ux (central header) says so', () => {
  const raw = [
    ...block(0x5855, [...T2, ...T1, 0xe8, 0x03, 0x64, 0x00]),
    ...block(0x7855, [0xe8, 0x03, 0x64, 0x00]),
    ...block(0x7855, []),
    ...block(0x7875, [0x01, 0x02, 0xe8, 0x03, 0x01, 0x64]),
  ];
  assert.equal(zipExtraFields(Uint8Array.from(raw), 'zip.local-extra'), {
    'zip.local-extra.UX':
      'atime 2024-12-19T01:13:20Z (1734570800), mtime 2023-11-14T22:13:20Z (1700000000), uid 1000, gid 100',
    'zip.local-extra.Ux': 'uid 1000, gid 100',
    'zip.local-extra.Ux (#2)': '(no data)',
    'zip.local-extra.ux': 'version 1, uid 1000, gid 100',
  });
});

test('an unknown field is hex by its id; a field cut short and bytes too few for a field are kept and said', () => {
  const raw = [...block(0xcafe, [0x01, 0x02]), ...block(0x5455, [0x01, ...T1, 0xff]), 0x55, 0x54, 0x09, 0x00, 0x01];
  assert.equal(zipExtraFields(Uint8Array.from(raw), 'zip.extra'), {
    'zip.extra.0xcafe': '0102',
    'zip.extra.UT': 'flags 0x01, mtime 2023-11-14T22:13:20Z (1700000000), 1 more byte ff',
    'zip.extra.UT (#2)': '01 (cut: 1 of 9 bytes)',
  });
  assert.equal(zipExtraFields(Uint8Array.from([0x55, 0x54, 0x05]), 'zip.extra'), { 'zip.extra.trailing': '555405' });
  assert.equal(zipExtraFields(new Uint8Array(0), 'zip.extra'), {});
});

test.run();
