import {
  Briefcase,
  Car,
  GraduationCap,
  HeartPulse,
  Home,
  type LucideIcon,
  Monitor,
  PartyPopper,
  Scissors,
  Shirt,
  Sparkles,
} from 'lucide-react';

const GROUP_ICONS: Record<string, LucideIcon> = {
  beauty: Scissors,
  home: Home,
  education: GraduationCap,
  events: PartyPopper,
  tech: Monitor,
  fashion: Shirt,
  transport: Car,
  care: HeartPulse,
  business: Briefcase,
};

export function groupIcon(slug: string): LucideIcon {
  return GROUP_ICONS[slug] ?? Sparkles;
}
