import type { EffectTable } from './types.js';

/** Leads and tags, onboarding, permission names, SSO: the product administrators' and reference calls. */
export const adminEffects = {
  'leads.create': { action: 'create', kind: 'leads', view: 'uniqueEmail' },
  'leads.createFromTeam': { action: 'create', kind: 'leads', view: 'leadFromTeam' },
  'leads.get': { action: 'read', kind: 'leads' },
  'leads.update': { action: 'update', kind: 'leads', view: 'uniqueEmail' },
  'leads.updateTags': { action: 'update', kind: 'leads', view: 'leadTags' },
  'leads.delete': { action: 'delete', kind: 'leads' },
  'leads.list': { action: 'list', kind: 'leads', view: 'pathPage' },
  'leads.search': {
    action: 'list',
    kind: 'leads',
    search: { param: 'term', fields: ['firstName', 'lastName', 'email', 'company', 'tags'] },
  },
  'tags.list': { action: 'list', kind: 'tags', order: 'oldest', view: 'tagCounts' },
  'tags.update': { action: 'update', kind: 'tags', view: 'uniqueName' },
  'tags.delete': { action: 'delete', kind: 'tags', view: 'untag' },
  'onboarding.get': { action: 'read', kind: 'catalogue', target: 'path.key', view: 'byField:key' },
  'onboarding.listByType': {
    action: 'list',
    kind: 'catalogue',
    filter: { catalogue: 'onboarding' },
    view: 'byPath:type',
  },
  'permissions.list': { action: 'list', kind: 'catalogue', filter: { catalogue: 'permissionNames' } },
  'permissions.listViewPermissions': { action: 'list', kind: 'catalogue', filter: { catalogue: 'viewPermissions' } },
} as const satisfies EffectTable;

/** Activity audits and reports: computed from the records every write leaves. */
export const auditEffects = {
  'activityAudits.list': { action: 'report', kind: 'audits', view: 'audits' },
  'activityAudits.listByTeam': { action: 'report', kind: 'audits', view: 'audits' },
  'activityAudits.listByEvent': { action: 'report', kind: 'audits', view: 'audits' },
  'activityAudits.listByShow': { action: 'report', kind: 'audits', view: 'audits' },
  'activityAudits.listByMethodName': { action: 'report', kind: 'audits', view: 'audits' },
  'activityAudits.listDeletedColumns': { action: 'report', kind: 'audits', view: 'deletedColumns' },
  'activityAudits.listDeletedRows': { action: 'report', kind: 'audits', view: 'deletedRows' },
  'activityAudits.listItemCells': { action: 'report', kind: 'audits', view: 'cellChanges' },
  'activityAudits.listItemFields': { action: 'report', kind: 'audits', view: 'fieldChanges' },
  'reports.getActivity': { action: 'report', kind: 'audits', view: 'activityRows' },
  'reports.getActivityCountByEvent': { action: 'report', kind: 'audits', view: 'activityCountBy:eventId' },
  'reports.getActivityCountByEventUsers': { action: 'report', kind: 'audits', view: 'usersBy:eventId' },
  'reports.getActivityCountByTeam': { action: 'report', kind: 'audits', view: 'activityCountBy:teamId' },
  'reports.getActivityCountByTeamUsers': { action: 'report', kind: 'audits', view: 'usersBy:teamId' },
  'reports.getActivityFeedCountsByTrialEvent': { action: 'report', kind: 'audits', view: 'trialEvents' },
  'reports.getActivityGroupByTeam': { action: 'report', kind: 'audits', view: 'groupBy:teamId' },
  'reports.getActivityGroupByUser': { action: 'report', kind: 'audits', view: 'groupBy:userId' },
  'reports.getEventCountByTeam': { action: 'report', kind: 'events', view: 'countBy:teamId' },
  'reports.getShowCountByTeam': { action: 'report', kind: 'shows', view: 'countBy:teamId' },
} as const satisfies EffectTable;
