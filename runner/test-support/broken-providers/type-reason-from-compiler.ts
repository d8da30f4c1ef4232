// Broken provider: copies the compiler's reason onto a provisional or unavailable type fact whatever made it so, where
// a type its dependencies downgrade says incomplete-analysis and one cut by a cap says limit-exhausted; only a type
// nothing downgrades keeps the compiler's reason (KD-TYPE-04/05, L250; KIT-07 A, OQ-09 A, OQ-42 A).
import { editResult, runBrokenProvider, type Loose } from './broken-provider.js';

runBrokenProvider("the compiler's type reason kept after the closure downgrades the type", {
  result: editResult((value, { fixture, request }) => {
    const type = value.type as Loose | null | undefined;
    if (type === null || type === undefined) return false;
    if (type.status !== 'provisional' && type.status !== 'unavailable') return false;
    const asked = JSON.parse(Buffer.from(request).toString('utf8')) as Loose;
    const span = asked.position?.expression as Loose | undefined;
    const occurrence = fixture.occurrences.find((o) => o.span.start === span?.start && o.span.end === span?.end);
    const own = occurrence?.type.reason;
    if (own === null || own === undefined || own === type.reason) return false;
    type.reason = own;
    return true;
  }),
});
