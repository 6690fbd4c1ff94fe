import { ComingSoon } from './coming-soon.tsx';

export default function ShareCvPlaceholder() {
  return <ComingSoon title="Share CV" />;
}
