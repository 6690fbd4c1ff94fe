import { ComingSoon } from './coming-soon.tsx';

export default function SharedCvPlaceholder() {
  return <ComingSoon title="Shared CV" backTo="/" backLabel="Back to Home" />;
}
