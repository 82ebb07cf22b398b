import { describe, expect, it } from 'vitest';
import { toCsv } from './analyticsCsv.js';
import { CancellationLine, PaymentsLine } from '../../../contract/analytics.js';

describe('analytics CSV', () => {
  it('writes a header row and one row per line, in the header order, with empty cells for nulls', () => {
    expect(toCsv(['day', 'medianSeconds', 'assigned'], [{ assigned: 2, day: '2026-03-04', medianSeconds: null }])).toBe(
      'day,medianSeconds,assigned\r\n2026-03-04,,2\r\n',
    );
    expect(toCsv(['day'], [])).toBe('day\r\n');
  });

  it('writes cancellations by reason code, in the contract’s column order', () => {
    const lines = [CancellationLine.parse({ count: 3, cancelledBy: 'rider', stage: 'pending', reasonCode: 'changed_plans' })];
    expect(toCsv(Object.keys(CancellationLine.shape), lines)).toBe('reasonCode,stage,cancelledBy,count\r\nchanged_plans,pending,rider,3\r\n');
    expect(() => CancellationLine.parse({ ...lines[0], reasonCode: 'Changed my plans' })).toThrow();
  });

  it('writes payments settled per day and method, in the contract’s column order', () => {
    const line = PaymentsLine.parse({
      driversPaid: 2,
      owedByDriversNgwee: 600,
      owedToDriversNgwee: 0,
      driverEarningsNgwee: 4_400,
      commissionNgwee: 600,
      revenueNgwee: 5_000,
      paidRides: 2,
      method: 'cash',
      day: '2026-03-04',
    });
    expect(toCsv(Object.keys(PaymentsLine.shape), [line])).toBe(
      'day,method,paidRides,revenueNgwee,commissionNgwee,driverEarningsNgwee,owedToDriversNgwee,owedByDriversNgwee,driversPaid\r\n2026-03-04,cash,2,5000,600,4400,0,600,2\r\n',
    );
    expect(() => PaymentsLine.parse({ ...line, paidRides: -1 })).toThrow();
    expect(() => PaymentsLine.parse({ ...line, revenueNgwee: 12.5 })).toThrow();
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(['note'], [{ note: 'Late, "very" late\nagain' }])).toBe('note\r\n"Late, ""very"" late\nagain"\r\n');
  });

  it('defuses text a spreadsheet would run as a formula, leaving numbers alone', () => {
    const lines = [{ note: '=HYPERLINK("http://evil")', n: -3 }, { note: '@SUM(A1)', n: 0 }, { note: '+1', n: 1 }, { note: '-', n: 2 }];
    expect(toCsv(['note', 'n'], lines).split('\r\n')).toEqual(['note,n', `"'=HYPERLINK(""http://evil"")",-3`, "'@SUM(A1),0", "'+1,1", "'-,2", '']);
  });
});
