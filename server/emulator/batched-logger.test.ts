import { describe, expect, it } from 'vitest';
import { batchedLogger } from './batched-logger';
import { captureLogger } from './test-support/test-emulator';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('batchedLogger', () => {
  it('writes the info lines of one turn together, formatted like consoleLogger', async () => {
    const writes: string[] = [];
    const log = batchedLogger((lines) => writes.push(lines), captureLogger());
    log.info('request', { method: 'GET', path: '/a', status: 200 });
    log.info('request', { method: 'GET', path: '/b b', status: 404 });
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d{4}-\d\d-\d\dT[\d:.]+Z info request method=GET path=\/a status=200$/,
    );
    expect(lines[1]).toMatch(/ info request method=GET path="\/b b" status=404$/);
    await nextTurn();
    expect(writes).toHaveLength(1);
  });

  it('writes what it holds before a warning or an error, and on flush', () => {
    const writes: string[] = [];
    const urgent = captureLogger();
    const log = batchedLogger((lines) => writes.push(lines), {
      ...urgent,
      warn: (msg, fields) => {
        writes.push(`(warn ${msg})`);
        urgent.warn(msg, fields);
      },
    });
    log.info('first');
    log.warn('careful');
    log.info('second');
    log.flush();
    expect(writes.map((w) => w.replace(/^\d\S+ /, ''))).toEqual([
      'info first',
      '(warn careful)',
      'info second',
    ]);
    log.error('broken', { code: 'x' });
    expect(urgent.lines).toEqual(['warn careful {}', 'error broken {"code":"x"}']);
  });

  it('does not hold an unbounded number of lines', () => {
    const writes: string[] = [];
    const log = batchedLogger((lines) => writes.push(lines), captureLogger());
    for (let i = 0; i < 1000; i++) log.info('request', { i });
    expect(writes.length).toBeGreaterThanOrEqual(3);
    log.flush();
    expect(writes.join('\n').split('\n')).toHaveLength(1000);
  });
});
