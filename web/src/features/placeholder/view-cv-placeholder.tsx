import { ComingSoon } from './coming-soon.tsx';

export default function ViewCvPlaceholder() {
  return <ComingSoon title="View CV" />;
}
