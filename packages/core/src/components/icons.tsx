import type { SVGProps } from 'react';
import {
  Anchor,
  ArrowDownToLine,
  Bell,
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheck,
  CircleHelp,
  CirclePause,
  CircleX,
  Clock,
  Ellipsis,
  FileText,
  Hourglass,
  House,
  IdCard,
  Info,
  LifeBuoy,
  LogOut,
  Mail,
  Minus,
  Phone,
  Plus,
  Sailboat,
  Share2,
  ShieldCheck,
  TriangleAlert,
  User,
  Users,
  Waves,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

/**
 * The app's icons, one library (Lucide), each imported by name so the bundler keeps only those drawn. Named by
 * what they stand for here, not by their drawing, so a screen asks for `launch` and the set can change.
 */
const icons = {
  home: House,
  boat: Sailboat,
  launch: ArrowDownToLine,
  card: IdCard,
  more: Ellipsis,
  back: ChevronLeft,
  chevron: ChevronRight,
  account: User,
  people: Users,
  validate: ShieldCheck,
  outing: Waves,
  notifications: Bell,
  help: CircleHelp,
  signOut: LogOut,
  contract: FileText,
  schedule: CalendarClock,
  time: Clock,
  pending: Hourglass,
  paused: CirclePause,
  success: CircleCheck,
  warning: TriangleAlert,
  danger: CircleAlert,
  refused: CircleX,
  info: Info,
  phone: Phone,
  mail: Mail,
  anchor: Anchor,
  safety: LifeBuoy,
  minus: Minus,
  plus: Plus,
  share: Share2,
  maintenance: Wrench,
} satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

/** Decorative: the words beside an icon name it, so it is hidden from screen readers. */
export function Icon({ name, ...props }: SVGProps<SVGSVGElement> & { name: IconName }) {
  const Drawn = icons[name];
  return <Drawn aria-hidden="true" focusable="false" strokeWidth={1.75} {...props} />;
}
