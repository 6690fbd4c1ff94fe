import type { CvData } from '@vitae/core/cv';

/** Every template is read-only over the same CV data. */
export interface TemplateProps {
  data: CvData;
}
