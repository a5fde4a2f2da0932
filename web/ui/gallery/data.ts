import type { AvatarUser } from '../src/avatar.js';
import type { LabelData } from '../src/label.js';
import type { EventRef } from '../src/lib/roles.js';

// Realistic data for the gallery: a production crew and a team's event labels. Ids are 24 characters (§3).
const id = (n: number) => `65a1f0c2e4b0a1b2c3d4${n.toString(16).padStart(4, '0')}`;

export type Person = AvatarUser & { _id: string };

export const crew: Person[] = [
  { _id: id(1), firstName: 'Ada', lastName: 'Lovelace', type: 'editing' },
  { _id: id(2), firstName: 'Grace', lastName: 'Hopper', type: 'viewing' },
  { _id: id(3), firstName: 'Katherine', lastName: 'Johnson', type: 'viewing' },
  { _id: id(4), firstName: 'Alan', lastName: 'Turing', type: 'viewing' },
  { _id: id(5), firstName: 'Margaret', lastName: 'Hamilton', type: 'editing' },
  { _id: id(6), firstName: 'Tim', lastName: 'Berners-Lee', type: 'viewing' },
  { _id: id(7), firstName: 'Hedy', lastName: 'Lamarr', type: 'viewing' },
  { _id: id(8), firstName: 'Dorothy', lastName: 'Vaughan', type: 'viewing' },
];

/** A pending user: invited, no names yet (§3). */
export const pendingUser: Person = { _id: id(9), firstName: '', lastName: '', email: 'stage.manager@example.com' };

// A small portrait as an inline SVG (the gallery's CSP allows data: images and nothing off-site).
export const photo = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#0f766e"/>' +
    '<circle cx="24" cy="19" r="9" fill="#99f6e4"/><path d="M8 46c2-10 9-15 16-15s14 5 16 15z" fill="#99f6e4"/></svg>',
)}`;

export const teamLabels: LabelData[] = [
  { _id: id(101), text: 'Keynote', color: '#1d4ed8' },
  { _id: id(102), text: 'Rehearsal', color: '#fde047' },
  { _id: id(103), text: 'Load-in', color: '#15803d' },
  { _id: id(104), text: 'VIP', color: '#7e22ce' },
  { _id: id(105), text: 'Broadcast', color: '#b91c1c' },
  { _id: id(106), text: 'Breakout sessions', color: '#99f6e4' },
  { _id: id(107), text: 'Catering', color: '#fdba74' },
  { _id: id(108), text: 'Awards night', color: '#be185d' },
  { _id: id(109), text: 'Sponsor activation and hospitality suite', color: '#4338ca' },
  { _id: id(110), text: 'Strike', color: '#a16207' },
];

export const springGala: EventRef = { eventId: id(201), teamId: id(301) };
export const otherTeamId = id(302);
