import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ByteWriter } from './byte-writer.js';

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

test('fields are appended in order, big-endian, texts with a u32be byte length', () => {
  const bytes = new ByteWriter()
    .u8(0x7f)
    .u16(0x0102)
    .u32(0x03040506)
    .u64(2 ** 40 + 7)
    .bytes(Uint8Array.of(0xee))
    .id('ab'.repeat(32))
    .text('é!')
    .finish();
  assert.is(
    hex(bytes),
    '7f' + '0102' + '03040506' + '0000010000000007' + 'ee' + 'ab'.repeat(32) + '00000003' + 'c3a921',
  );
});

test('the least and the greatest value of each field are written, not refused', () => {
  const bytes = new ByteWriter()
    .u8(0)
    .u8(255)
    .u16(0)
    .u16(65_535)
    .u32(0)
    .u32(4_294_967_295)
    .u64(0)
    .u64(2 ** 53 - 1)
    .finish();
  assert.is(hex(bytes), '00ff' + '0000ffff' + '00000000ffffffff' + '0000000000000000' + '001fffffffffffff');
});

test('a value its field cannot hold is a kit fault, never wrapped', () => {
  assert.throws(() => new ByteWriter().u8(256), /u8 out of range/);
  assert.throws(() => new ByteWriter().u16(65_536), /u16 out of range/);
  assert.throws(() => new ByteWriter().u32(-1), /u32 out of range/);
  assert.throws(() => new ByteWriter().u32(1.5), /u32 out of range/);
  assert.throws(() => new ByteWriter().u64(2 ** 53), /u64 out of range/);
  assert.throws(() => new ByteWriter().id('AB'.repeat(32)), /64-hex/);
});

test.run();
