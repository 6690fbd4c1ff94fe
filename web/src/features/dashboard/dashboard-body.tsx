import { Card } from '../../components/ui/card.tsx';

/*
 * DASHBOARD BODY SLOT. The builder helper replaces this file with the First Impression
 * hero card, the CV visibility card and the 14 section cards (spec section 2).
 */
export function DashboardBody() {
  return (
    <Card className="p-8 text-center">
      <h2 className="text-lg font-semibold text-slate-900">Your CV sections are coming soon</h2>
      <p className="mt-2 text-sm text-slate-600">
        Section cards for your first impression video, CV visibility and each CV section will appear
        here.
      </p>
    </Card>
  );
}
