// The `identity` section's Markdown (bench/identity.mjs): server CPU per request of each case on
// both servers with their ratio, and each feature's cost over the static-token baseline.
import { fmt } from './stats.mjs';

const labels = { static: 'static token, audit None', metadata: 'audit Metadata (log)', rr: 'audit RequestResponse (log)', jwt: 'JWT authenticator' };
const x = (value) => (Number.isFinite(value) ? `${fmt(value, 2)}x` : 'n/a');

export function identity(section) {
  if (section.skipped) return [`**Identity and audit**: skipped (${section.skipped}).`];
  const rows = Object.entries(section.cases).map(([name, figures]) => {
    const cost = figures.costOverStatic;
    const costCells = cost ? `${fmt(cost.kube, 0)} | ${fmt(cost.edge, 0)}` : '- | -';
    return `| ${labels[name] ?? name} | ${fmt(figures.kube.cpuUs, 0)} | ${fmt(figures.edge.cpuUs, 0)} | ${x(figures.ratio)} | ${costCells} |`;
  });
  return [
    `**Identity and audit**. Conditions: ${section.conditions}. The JWT user is ${section.jwtUser.join(' / ')} (kube / edge). Figures (CPU µs per request):`, '',
    '| case | kube | edge | edge/kube | cost over static: kube | edge |', '| --- | --- | --- | --- | --- | --- |', ...rows, '',
    `Audit events written: kube ${section.auditEvents.kube.toLocaleString('en')}, edge ${section.auditEvents.edge.toLocaleString('en')}. ` +
      'A cost is the difference of two cases\' totals: one smaller than the run\'s spread between rounds measures nothing.',
  ];
}
