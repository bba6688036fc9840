import {
  Activity,
  Baby,
  Bug,
  Candy,
  Droplet,
  FlaskConical,
  Flower2,
  HeartPulse,
  type LucideIcon,
  Microscope,
  Pill,
  Stethoscope,
} from 'lucide-react';

/** The eleven category icons; a category with an unknown icon name gets the flask. */
const icons: Record<string, LucideIcon> = {
  Activity,
  Baby,
  Bug,
  Candy,
  Droplet,
  FlaskConical,
  Flower2,
  HeartPulse,
  Microscope,
  Pill,
  Stethoscope,
};

export function CategoryIcon({ name, size = 28 }: { name: string; size?: number }) {
  const Icon = icons[name] ?? FlaskConical;
  return <Icon size={size} aria-hidden />;
}
