import { Avatar } from '../../src/avatar.js';
import { AvatarGroup } from '../../src/avatar-group.js';
import { crew, type Person, pendingUser, photo } from '../data.js';
import { Demo, Section } from '../section.js';

const [ada, grace, katherine] = crew as [(typeof crew)[0], (typeof crew)[0], (typeof crew)[0]];

/** The avatar group's demos: title, people, at most how many avatars, and the show they are in. */
const groups: [string, Person[], number, string][] = [
  ['Eight people, at most three', crew, 3, 'Spring Gala run of show'],
  ['Eight people, at most five', crew, 5, 'Awards night'],
  ['Fewer people than the maximum', crew.slice(0, 2), 4, 'Load-in schedule'],
  ['With a pending user in the overflow', [...crew.slice(0, 2), pendingUser], 2, 'Strike list'],
];

export function AvatarsSection() {
  return (
    <>
      <Section
        id="avatar"
        title="Avatar"
        rule="§9: 48 px by default; initials of first and last name on a colour derived from the name; '{name} is editing...' when the user is editing."
      >
        <div className="gallery-grid">
          <Demo title="Initials, 48 px">
            <Avatar user={grace} />
            <Avatar user={katherine} />
          </Demo>
          <Demo title="Editing (hover or focus it)">
            <Avatar user={ada} />
          </Demo>
          <Demo title="Photo">
            <Avatar user={{ firstName: 'Hedy', lastName: 'Lamarr', photo }} />
          </Demo>
          <Demo title="Pending user (no name yet)">
            <Avatar user={pendingUser} />
          </Demo>
          <Demo title="Sizes 28, 36, 64">
            <Avatar user={grace} size={28} />
            <Avatar user={grace} size={36} />
            <Avatar user={grace} size={64} />
          </Demo>
        </div>
      </Section>
      <Section
        id="avatar-group"
        title="Avatar group"
        rule="§9: 28 px avatars, at most a given number; the rest in a '+N' dropdown listing first and last names."
      >
        <div className="gallery-grid">
          {groups.map(([title, users, max, show]) => (
            <Demo key={title} title={title}>
              <AvatarGroup users={users} max={max} label={`People in ${show}`} />
            </Demo>
          ))}
        </div>
      </Section>
    </>
  );
}
