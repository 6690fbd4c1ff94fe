import { ComingSoon } from './coming-soon.tsx';

export default function HrViewCvPlaceholder() {
  return (
    <ComingSoon
      title="HR view of a saved CV"
      backTo="/app/hr-dashboard"
      backLabel="Back to HR Dashboard"
    />
  );
}
