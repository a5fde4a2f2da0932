import { Avatar, type AvatarUser, displayName } from './avatar.js';
import { OverflowPopover } from './overflow-popover.js';
import './avatar-group.css';

interface Props {
  users: readonly (AvatarUser & { _id: string })[];
  /** §9: at most this many avatars; the rest are listed in the '+N' dropdown. */
  max: number;
  /** Names the group for screen readers, e.g. 'People in this show'. */
  label: string;
}

/**
 * A row of overlapping 28 px avatars (§9); past `max` a '+N' button opens a list of the other people's first and
 * last names. The list is a native popover: Escape and a click outside close it, focus returns to the button.
 */
export function AvatarGroup({ users, max, label }: Props) {
  const shown = users.slice(0, Math.max(0, max));
  const rest = users.slice(shown.length);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this is a labelled group of people.
    <div className="avatar-group" role="group" aria-label={label}>
      {shown.map((user) => (
        <span key={user._id} className="avatar-group-item">
          <Avatar user={user} size={28} />
        </span>
      ))}
      <OverflowPopover
        count={rest.length}
        noun="people"
        buttonClass="avatar-group-more"
        popoverClass="avatar-group-list"
        listLabel={`${rest.length} more people`}
      >
        {rest.map((user) => (
          <li key={user._id}>{displayName(user)}</li>
        ))}
      </OverflowPopover>
    </div>
  );
}
