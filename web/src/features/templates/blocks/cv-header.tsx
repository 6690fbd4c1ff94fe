import { Fragment, type CSSProperties, type ReactNode } from 'react';
import type { CvContactInfo, CvData } from '@vitae/core/cv';
import { linkedInHref, phoneHref, webHref } from '@vitae/core/links';
import { cn } from '../../../lib/cn.ts';
import { Icon, type IconName } from './icons.tsx';
import { cvContact, cvOwner } from './section-fields.ts';

/** Up to two initials for the photo placeholder. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

interface PhotoProps {
  data: CvData;
  className?: string;
  /** Show initials when there is no photo (otherwise render nothing). */
  placeholder?: boolean;
  placeholderClassName?: string;
}

/** The assigned profile photo, or the owner's initials. */
export function CvPhoto({ data, className, placeholder = true, placeholderClassName }: PhotoProps) {
  const url = data.assignedPhotoUrl;
  const { name } = cvOwner(data);
  if (url) {
    return (
      <img
        src={url}
        alt={name ? `Photo of ${name}` : 'Profile photo'}
        className={cn('object-cover', className)}
      />
    );
  }
  if (!placeholder || !name) return null;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center font-semibold',
        className,
        placeholderClassName,
      )}
    >
      {initials(name)}
    </div>
  );
}

/** The owner's full name, the CV's one `h1`; nothing without a name. */
export function CvName({
  data,
  className,
  style,
}: {
  data: CvData;
  className?: string;
  style?: CSSProperties;
}) {
  const { name } = cvOwner(data);
  if (!name) return null;
  return (
    <h1 className={className} style={style}>
      {name}
    </h1>
  );
}

export interface ContactItem {
  key: string;
  icon: IconName;
  label: string;
  value: string;
  href?: string;
}

interface ContactOptions {
  /** One joined address line, or one item per address part (templates 09, 10 and ink). */
  addressParts?: boolean;
}

/**
 * Emails and links with line-break opportunities after "@" and "/" and before ".", so narrow
 * sidebars wrap them between parts instead of mid-word.
 */
function breakable(value: string): ReactNode {
  const parts = value.split(/(?<=[@/])|(?=\.)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * Contact address lines in order (docs/product/templates-and-print.md#templates): unit, complex,
 * address, suburb, city, province, postal code, country.
 */
export function addressLine(contact: CvContactInfo | null): string {
  if (!contact) return '';
  return [
    contact.unit,
    contact.complex,
    contact.address,
    contact.suburb,
    contact.city,
    contact.province,
    contact.postalCode,
    contact.country,
  ]
    .filter(Boolean)
    .join(', ');
}

const ADDRESS_PARTS: Array<[keyof CvContactInfo, string]> = [
  ['unit', 'Unit'],
  ['complex', 'Complex'],
  ['address', 'Address'],
  ['suburb', 'Suburb'],
  ['city', 'City'],
  ['province', 'Province'],
  ['country', 'Country'],
  ['postalCode', 'Postal code'],
];

/** The contact lines of a CV in display order, skipping empty values. */
export function contactItems(
  contact: CvContactInfo | null,
  options: ContactOptions = {},
): ContactItem[] {
  if (!contact) return [];
  const items: ContactItem[] = [];
  const add = (key: string, icon: IconName, label: string, value: string, href?: string) => {
    if (value) items.push({ key, icon, label, value, href });
  };
  add('email', 'mail', 'Email', contact.email, `mailto:${contact.email}`);
  add('phone', 'phone', 'Phone', contact.phone, phoneHref(contact.phone));
  if (options.addressParts) {
    for (const [key, label] of ADDRESS_PARTS) add(key, 'location', label, contact[key]);
  } else {
    add('address', 'location', 'Address', addressLine(contact));
  }
  // Every layout shows them: a template leaving out a field the CV holds lost it (issue 32).
  add('linkedin', 'linkedin', 'LinkedIn', contact.linkedin, linkedInHref(contact.linkedin));
  add('website', 'globe', 'Website', contact.website, webHref(contact.website));
  return items;
}

export interface ContactListProps {
  data: CvData;
  className?: string;
  itemClassName?: string;
  iconClassName?: string;
  /** Show icons (default), or the label as text ("Email: ..."). */
  variant?: 'icons' | 'labels' | 'plain';
  options?: ContactOptions;
}

/** Contact details as a list: icons, labels, or plain values. */
export function ContactList({
  data,
  className,
  itemClassName,
  iconClassName,
  variant = 'icons',
  options,
}: ContactListProps) {
  const items = contactItems(cvContact(data), options);
  if (items.length === 0) return null;
  return (
    <ul className={className} aria-label="Contact details">
      {items.map((item) => (
        <li key={item.key} className={cn('flex min-w-0 items-start gap-2', itemClassName)}>
          {variant === 'icons' && (
            <Icon name={item.icon} className={cn('mt-0.5 size-4 shrink-0', iconClassName)} />
          )}
          {variant === 'labels' && <span className="shrink-0 font-semibold">{item.label}: </span>}
          <span className="min-w-0 break-words">
            {variant === 'icons' && <span className="sr-only">{item.label}: </span>}
            <ContactValue item={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * A value with an address is a link: clickable on screen and in the PDF (Chromium keeps
 * links as link annotations). The base styles make links look like the text around them.
 */
function ContactValue({ item }: { item: ContactItem }) {
  if (!item.href) return item.value;
  const web = /^https?:/.test(item.href);
  return (
    <a
      href={item.href}
      className="hover:underline"
      {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {item.href.startsWith('tel:') ? item.value : breakable(item.value)}
    </a>
  );
}

interface ContactSectionProps extends ContactListProps {
  title: ReactNode;
  headingClassName: string;
}

/** The contact list under a heading of its own, as sidebars show it (not a `data-section`). */
export function ContactSection({ title, headingClassName, ...list }: ContactSectionProps) {
  if (!cvContact(list.data)) return null;
  return (
    <section aria-label="Contact">
      <h2 className={headingClassName}>{title}</h2>
      <ContactList {...list} />
    </section>
  );
}
