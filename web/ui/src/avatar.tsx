import type { CSSProperties } from 'react';
import { textColourOn } from './lib/colour.js';
import { fullName, initials } from './lib/initials.js';
import { colourForName } from './lib/name-colour.js';
import { Tooltip } from './tooltip.js';
import './avatar.css';

/** The User fields an avatar reads (§3). */
export interface AvatarUser {
  firstName: string;
  lastName: string;
  /** Names a pending user who has not given a name yet (§3: names may be empty until sign-up). */
  email?: string;
  photo?: string | null;
  /** 'editing' marks a user currently editing (§3). */
  type?: string;
}

interface Props {
  user: AvatarUser;
  /** Pixels; §9 default 48 (the group passes 28). */
  size?: number;
}

/** First and last name; the e-mail address for a pending user without names. */
export const displayName = (user: AvatarUser) =>
  fullName(user.firstName, user.lastName) || user.email || 'Unknown user';

/** §9: the tooltip an editing user's avatar carries. */
const editingText = (name: string) => `${name} is editing...`;

/**
 * A person's photo, or their initials on a colour derived from the name (§9). An editing user's avatar gets a ring,
 * takes keyboard focus and says '{name} is editing...' in a tooltip.
 */
export function Avatar({ user, size = 48 }: Props) {
  const name = displayName(user);
  const background = colourForName(name);
  const editing = user.type === 'editing';
  const style = {
    '--avatar-size': `${size}px`,
    backgroundColor: background,
    color: textColourOn(background),
  } as CSSProperties;
  const face = (describedBy?: string) => (
    <span
      className={editing ? 'avatar avatar-editing' : 'avatar'}
      style={style}
      role="img"
      aria-label={name}
      aria-describedby={describedBy}
      tabIndex={describedBy ? 0 : undefined}
    >
      {user.photo ? (
        <img className="avatar-photo" src={user.photo} alt="" />
      ) : (
        <span aria-hidden="true">{initials(user.firstName, user.lastName) || initials(name, '')}</span>
      )}
    </span>
  );
  if (!editing) return face();
  return <Tooltip text={editingText(name)}>{(id) => face(id)}</Tooltip>;
}
