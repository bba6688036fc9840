import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const sampleTypeLabels: Record<string, MessageDescriptor> = {
  blood: msg`Blood sample`,
  urine: msg`Urine sample`,
  stool: msg`Stool sample`,
  swab: msg`Swab`,
  saliva: msg`Saliva sample`,
};
