import { ComingSoon } from './coming-soon.tsx';

export default function HrBrowsePlaceholder() {
  return (
    <ComingSoon title="Browse CVs" backTo="/app/hr-dashboard" backLabel="Back to HR Dashboard" />
  );
}
