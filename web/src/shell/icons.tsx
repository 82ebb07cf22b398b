import {
  Check as LucideCheck,
  Globe as LucideGlobe,
  Handshake as LucideHandshake,
  Hash as LucideHash,
  LocateFixed as LucideLocateFixed,
  MapPin as LucideMapPin,
  Menu as LucideMenu,
  Mic as LucideMic,
  ShieldCheck as LucideShieldCheck,
  Siren as LucideSiren,
  Star as LucideStar,
  Tag as LucideTag,
  TriangleAlert as LucideTriangleAlert,
  UserCheck as LucideUserCheck,
  Users as LucideUsers,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

/**
 * The app's icons, from Lucide (lucide-react, ISC licence): one module per icon, so a page carries
 * only those it draws. Decorative wherever they stand beside words (aria-hidden, never focused):
 * the words say it to a screen reader. 20 px by default, in the current text colour.
 */
export type IconProps = Omit<LucideProps, 'ref'>;

function decorative(Icon: LucideIcon, name: string) {
  function Decorative({ size = 20, className, ...props }: IconProps) {
    return <Icon size={size} aria-hidden="true" focusable="false" className={className ? `icon ${className}` : 'icon'} {...props} />;
  }
  Decorative.displayName = name;
  return Decorative;
}

export const Check = decorative(LucideCheck, 'Check');
export const Globe = decorative(LucideGlobe, 'Globe');
export const Handshake = decorative(LucideHandshake, 'Handshake');
export const Hash = decorative(LucideHash, 'Hash');
export const LocateFixed = decorative(LucideLocateFixed, 'LocateFixed');
export const MapPin = decorative(LucideMapPin, 'MapPin');
export const Menu = decorative(LucideMenu, 'Menu');
export const Mic = decorative(LucideMic, 'Mic');
export const ShieldCheck = decorative(LucideShieldCheck, 'ShieldCheck');
export const Siren = decorative(LucideSiren, 'Siren');
export const Star = decorative(LucideStar, 'Star');
export const Tag = decorative(LucideTag, 'Tag');
export const TriangleAlert = decorative(LucideTriangleAlert, 'TriangleAlert');
export const UserCheck = decorative(LucideUserCheck, 'UserCheck');
export const Users = decorative(LucideUsers, 'Users');
