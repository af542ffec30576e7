import { describe, expect, it } from 'vitest';
import { databaseFault } from '../src/db/unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseFault', () => {
  it('recognises a lost, refused or refusing database', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) {
      expect(databaseFault(withCode(`connect ${code} 127.0.0.1:5432`, code)), code).toBe('unavailable');
    }
    const sqlStates: [string, string][] = [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection because of crash of another server process'],
      ['57P03', 'the database system is starting up'],
      ['57P04', 'database "kc" is being dropped'],
      ['57P05', 'terminating connection due to idle-session timeout'],
      ['53000', 'insufficient resources'],
      ['53100', 'could not extend file: No space left on device'],
      ['53200', 'out of memory'],
      ['53300', 'sorry, too many clients already'],
      ['3D000', 'database "kc" does not exist'],
      ['28000', 'no pg_hba.conf entry for host "10.0.0.7", user "kc", database "kc"'],
      ['28P01', 'password authentication failed for user "kc"'],
      ['08000', 'connection exception'],
      ['08001', 'could not connect to server'],
      ['08003', 'connection does not exist'],
      ['08006', 'connection failure'],
      ['08P01', 'protocol violation'],
      ['55000', 'database "kc_t_1" is not currently accepting connections'],
    ];
    for (const [code, message] of sqlStates) expect(databaseFault(withCode(message, code)), code).toBe('unavailable');
    expect(databaseFault(new Error('Connection terminated unexpectedly'))).toBe('unavailable');
    expect(databaseFault(new Error('Connection terminated due to connection timeout'))).toBe('unavailable');
    expect(databaseFault(new Error('timeout exceeded when trying to connect'))).toBe('unavailable');
    expect(databaseFault(new Error('Client has encountered a connection error and is not queryable'))).toBe('unavailable');
    expect(databaseFault(new Error('Client was closed and is not queryable'))).toBe('unavailable');
    expect(databaseFault(new Error('wrapped', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe('unavailable');
  });

  it('tells a database too busy to answer in time (the timeouts) apart', () => {
    expect(databaseFault(withCode('canceling statement due to statement timeout', '57014'))).toBe('busy');
    expect(databaseFault(withCode('canceling statement due to user request', '57014'))).toBe('busy');
    expect(databaseFault(withCode('canceling statement due to lock timeout', '55P03'))).toBe('busy');
    expect(databaseFault(withCode('could not obtain lock on row in relation "contracts"', '55P03'))).toBe('busy');
    expect(databaseFault(withCode('terminating connection due to idle-in-transaction timeout', '25P03'))).toBe('busy');
    expect(databaseFault(new Error('wrapped', { cause: withCode('canceling statement due to lock timeout', '55P03') }))).toBe('busy');
  });

  it('leaves every other error, bugs that would fail again included, to be a 500', () => {
    // 55000 is also a bug's code: only the "not accepting connections" one is the database's state.
    expect(databaseFault(withCode('currval of sequence "jobs_seq" is not yet defined in this session', '55000'))).toBeUndefined();
    expect(databaseFault(withCode('prepared transactions are disabled', '55000'))).toBeUndefined();
    expect(databaseFault(withCode('too many range table entries', '53400'))).toBeUndefined();
    expect(databaseFault(withCode('FOR UPDATE cannot be applied to the nullable side of an outer join', '0A000'))).toBeUndefined();
    expect(databaseFault(withCode('could not serialize access due to concurrent update', '40001'))).toBeUndefined();
    expect(databaseFault(withCode('duplicate key value violates unique constraint', '23505'))).toBeUndefined();
    expect(databaseFault(withCode('syntax error at or near', '42601'))).toBeUndefined();
    expect(databaseFault(withCode('not a SQLSTATE of class 08', '080'))).toBeUndefined();
    expect(databaseFault(new TypeError('Cannot read properties of undefined'))).toBeUndefined();
    expect(databaseFault('ECONNREFUSED')).toBeUndefined();
    expect(databaseFault(undefined)).toBeUndefined();
  });
});
