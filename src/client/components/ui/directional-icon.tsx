import { Icon, type IconProps } from '@chakra-ui/react';

/** An icon that points a direction (arrow, chevron): drawn for left to right, mirrored in Arabic. */
export function DirectionalIcon(props: IconProps) {
  return <Icon _rtl={{ transform: 'scaleX(-1)' }} {...props} />;
}
