import type { ReactNode } from 'react';
import {
  type EventRef,
  eventAdminsRule,
  eventNonAdminsRule,
  isVisibleTo,
  type RoleHolder,
  teamAdminsRule,
  type Visibility,
} from './lib/roles.js';

interface Props {
  /** The signed-in user's team and event roles. */
  user: RoleHolder;
  rule: Visibility;
  children: ReactNode;
  /** Shown instead when the user may not see the content (nothing by default). */
  fallback?: ReactNode;
}

/**
 * §6 visibility helper: renders its children only for users the rule lets through. It hides, it does not protect:
 * the API decides what a user may do.
 */
export function RoleVisibility({ user, rule, children, fallback = null }: Props) {
  return <>{isVisibleTo(user, rule) ? children : fallback}</>;
}

type EventVariantProps = Omit<Props, 'rule'> & { event: EventRef };

/** §6: event admins (admin, showCaller), optionally every team admin of the event's team. */
export function EventAdminsVisibility({
  event,
  includeTeamAdmins,
  ...rest
}: EventVariantProps & { includeTeamAdmins?: boolean }) {
  return <RoleVisibility {...rest} rule={eventAdminsRule(event, includeTeamAdmins)} />;
}

/** §6: event non-admins (readOnly, contributor). */
export function EventNonAdminsVisibility({ event, ...rest }: EventVariantProps) {
  return <RoleVisibility {...rest} rule={eventNonAdminsRule(event)} />;
}

/** §6: team admins of the given team. */
export function TeamAdminsVisibility({ teamId, ...rest }: Omit<Props, 'rule'> & { teamId: string }) {
  return <RoleVisibility {...rest} rule={teamAdminsRule(teamId)} />;
}
