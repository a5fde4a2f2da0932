import { useState } from 'react';
import {
  EVENT_ROLE_TYPES,
  type EventRoleType,
  eventAdminsRule,
  eventNonAdminsRule,
  hasAnyEventRole,
  isEventAdmin,
  isEventContributor,
  isShowCaller,
  isVisibleTo,
  type RoleHolder,
  teamAdminsRule,
} from '../../src/lib/roles.js';
import { EventAdminsVisibility, EventNonAdminsVisibility, TeamAdminsVisibility } from '../../src/role-visibility.js';
import { otherTeamId, springGala } from '../data.js';
import { Demo, Section } from '../section.js';

type TeamAdmin = 'no' | 'this' | 'other';
type EventRole = EventRoleType | 'none';

const teamAdminText: Record<TeamAdmin, string> = {
  no: 'not a team admin',
  this: "admin of the event's team",
  other: 'admin of another team',
};

function holder(teamAdmin: TeamAdmin, role: EventRole): RoleHolder {
  return {
    teamRoles:
      teamAdmin === 'no' ? [] : [{ teamId: teamAdmin === 'this' ? springGala.teamId : otherTeamId, roleType: 'admin' }],
    eventRoles: role === 'none' ? [] : [{ eventId: springGala.eventId, role }],
  };
}

// Every column is computed by the helpers in src/lib/roles.ts as the page renders: this is their live truth table.
const columns: { title: string; test: (user: RoleHolder) => boolean }[] = [
  { title: 'Any event role', test: (user) => hasAnyEventRole(user, springGala) },
  { title: 'Event admin', test: (user) => isEventAdmin(user, springGala) },
  { title: 'Event contributor', test: (user) => isEventContributor(user, springGala) },
  { title: 'Show caller', test: (user) => isShowCaller(user, springGala) },
  { title: 'Sees event-admin content', test: (user) => isVisibleTo(user, eventAdminsRule(springGala)) },
  { title: '… including team admins', test: (user) => isVisibleTo(user, eventAdminsRule(springGala, true)) },
  { title: 'Sees event non-admin content', test: (user) => isVisibleTo(user, eventNonAdminsRule(springGala)) },
  { title: 'Sees team-admin content', test: (user) => isVisibleTo(user, teamAdminsRule(springGala.teamId)) },
];

const yes = (value: boolean) => (value ? 'Yes' : 'No');

export function RolesSection() {
  const [teamAdmin, setTeamAdmin] = useState<TeamAdmin>('no');
  const [role, setRole] = useState<EventRole>('contributor');
  const user = holder(teamAdmin, role);
  return (
    <Section
      id="roles"
      title="Roles and visibility"
      rule="§6: event admin, contributor, any event role, show caller, team admin; content shown by role and scope."
    >
      <Demo title="Try a user" wide>
        <div className="gallery-controls">
          <label>
            Team role
            <select value={teamAdmin} onChange={(event) => setTeamAdmin(event.currentTarget.value as TeamAdmin)}>
              {(Object.keys(teamAdminText) as TeamAdmin[]).map((key) => (
                <option key={key} value={key}>
                  {teamAdminText[key]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Role on Spring Gala
            <select value={role} onChange={(event) => setRole(event.currentTarget.value as EventRole)}>
              {(['none', ...EVENT_ROLE_TYPES] as EventRole[]).map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </select>
          </label>
        </div>
        <dl className="gallery-verdicts" aria-live="polite">
          {columns.map((column) => (
            <div key={column.title}>
              <dt>{column.title}</dt>
              <dd>{yes(column.test(user))}</dd>
            </div>
          ))}
        </dl>
        <ul className="gallery-visibility">
          <li>
            <EventAdminsVisibility user={user} event={springGala} fallback="Event-admin panel: hidden">
              Event-admin panel: <strong>visible</strong>
            </EventAdminsVisibility>
          </li>
          <li>
            <EventAdminsVisibility
              user={user}
              event={springGala}
              includeTeamAdmins
              fallback="Event-admin panel (team admins too): hidden"
            >
              Event-admin panel (team admins too): <strong>visible</strong>
            </EventAdminsVisibility>
          </li>
          <li>
            <EventNonAdminsVisibility user={user} event={springGala} fallback="Ask-your-admin note: hidden">
              Ask-your-admin note: <strong>visible</strong>
            </EventNonAdminsVisibility>
          </li>
          <li>
            <TeamAdminsVisibility user={user} teamId={springGala.teamId} fallback="Team billing link: hidden">
              Team billing link: <strong>visible</strong>
            </TeamAdminsVisibility>
          </li>
        </ul>
      </Demo>
      <Demo title="Truth table: team admin × event role × scope" wide>
        <div className="gallery-scroll">
          <table className="gallery-table gallery-truth">
            <caption className="visually-hidden">Role helpers for every team role and event role</caption>
            <thead>
              <tr>
                <th scope="col">Team role</th>
                <th scope="col">Event role</th>
                {columns.map((column) => (
                  <th key={column.title} scope="col">
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(Object.keys(teamAdminText) as TeamAdmin[]).flatMap((admin) =>
                (['none', ...EVENT_ROLE_TYPES] as EventRole[]).map((eventRole) => {
                  const row = holder(admin, eventRole);
                  return (
                    <tr key={`${admin}-${eventRole}`}>
                      <th scope="row">{teamAdminText[admin]}</th>
                      <td>{eventRole}</td>
                      {columns.map((column) => {
                        const value = column.test(row);
                        return (
                          <td key={column.title} className={value ? 'gallery-yes' : 'gallery-no'}>
                            {yes(value)}
                          </td>
                        );
                      })}
                    </tr>
                  );
                }),
              )}
            </tbody>
          </table>
        </div>
      </Demo>
    </Section>
  );
}
