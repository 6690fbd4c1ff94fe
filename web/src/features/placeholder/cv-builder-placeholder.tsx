import { ComingSoon } from './coming-soon.tsx';

export default function CvBuilderPlaceholder() {
  return <ComingSoon title="CV Builder" />;
}
