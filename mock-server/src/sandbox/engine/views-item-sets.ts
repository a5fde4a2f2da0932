import type { Answer } from '../sandbox.js';
import { type Call, Problem } from './engine.js';
import { isObject, newId } from './schema.js';
import type { StoredRecord } from './store.js';
import type { ViewKey } from './view-names.js';

type View = (call: Call, arg: string) => Answer | Promise<Answer>;

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The show the path names (its item set list is checked against it by the engine's scope check). */
const showOf = (call: Call) => call.target('shows', call.request.path.showId);
const rowsOf = (call: Call, show: StoredRecord) => [...call.store.all('rows')].filter((r) => r.showId === show._id);
const columnsOf = (call: Call, show: StoredRecord) =>
  [...call.store.all('columns')].filter((c) => c.showId === show._id);

/** Rows in running order (live ones), then the soft-deleted ones: ItemSet.rows holds both. */
function orderedRows(call: Call, show: StoredRecord, withDeleted: boolean): StoredRecord[] {
  const all = new Map(rowsOf(call, show).map((r) => [r._id, r]));
  const live = ids(show.rowOrder).flatMap((id) => all.get(id) ?? []);
  return withDeleted ? [...live, ...[...all.values()].filter((r) => r.deleted === true)] : live;
}

/** Rows an item set list answers at most (its schema's `maxItems`): a whole-list read of a long show stops there. */
const LIST_ROWS = 2000;
/** A page holds at most this many rows (`rowSize`'s maximum). */
const PAGE_ROWS = 1000;

/**
 * The rows a read of the item set list answers. With `rowSize`, one page of the running order: its ids are sliced from
 * `rowOrder` and only those rows are read, so a page of a 100,000-row show costs what a page of a short one does
 * (issue 31); `rowTotal` is the running order's length. Without, the running order then the soft-deleted rows, cut to
 * what the answer holds before anything is shaped.
 */
function rowsToAnswer(call: Call, show: StoredRecord, guest: boolean): { rows: StoredRecord[]; total?: number } {
  const size = call.request.query.get('rowSize');
  const order: unknown[] = Array.isArray(show.rowOrder) ? show.rowOrder : [];
  const live = (id: unknown) => {
    const row = typeof id === 'string' ? call.store.get('rows', id) : undefined;
    return row && row.showId === show._id && row.deleted !== true ? [row] : [];
  };
  if (size === null) {
    // Only a show whose running order leaves room has its deleted rows looked for (a walk of every row).
    const first = order.slice(0, LIST_ROWS).flatMap(live);
    if (guest || first.length === LIST_ROWS) return { rows: first };
    const deleted = rowsOf(call, show).filter((r) => r.deleted === true);
    return { rows: [...first, ...deleted].slice(0, LIST_ROWS) };
  }
  const perPage = Math.min(PAGE_ROWS, Math.max(1, Number(size) || 1));
  const page = Math.max(1, Number(call.request.query.get('rowPage') ?? 1) || 1);
  const start = (page - 1) * perPage;
  return { rows: order.slice(start, start + perPage).flatMap(live), total: order.length };
}

/** The item set list as its schema shows it, built from the show, its columns and rows. */
function itemSetList(call: Call, show: StoredRecord, guest: boolean): Record<string, unknown> {
  const wanted = call.request.query.getAll('columnIds').flatMap((v) => v.split(','));
  const visible = (id: string) =>
    (!guest || ids(show.guestPassColumns).includes(id)) && (!wanted.length || wanted.includes(id));
  const columns = columnsOf(call, show).filter((c) => visible(c._id) && (!guest || c.deleted !== true));
  const answered = rowsToAnswer(call, show, guest);
  const rows = answered.rows.map((row) => ({
    ...row,
    cells: Object.fromEntries(Object.entries(isObject(row.cells) ? row.cells : {}).filter(([id]) => visible(id))),
  }));
  return {
    _id: show.itemSetList,
    showId: show._id,
    columns,
    columnOrder: ids(show.columnOrder).filter(visible),
    guestPassColumns: ids(show.guestPassColumns),
    // The stored array itself: the schema check of its 100,000 ids is remembered per stored array (`Schemas.conform`).
    rowOrder: Array.isArray(show.rowOrder) ? show.rowOrder : [],
    itemSets: [{ _id: show.itemSetId, itemSetListId: show.itemSetList, ...startRow(show), rows }],
    ...(isObject(show.tracking) ? { tracking: show.tracking } : {}),
    ...(answered.total === undefined ? {} : { rowTotal: answered.total }),
  };
}

const startRow = (show: StoredRecord) => (typeof show.startRowId === 'string' ? { startRowId: show.startRowId } : {});

/** Start times from the start row on: each row starts when the one before it ends. */
function recomputeStartTimes(call: Call, show: StoredRecord): void {
  const event = call.store.get('events', String(show.eventId));
  let at = Date.parse(String(event?.startOn ?? call.now));
  for (const row of orderedRows(call, show, false)) {
    call.store.put('rows', { ...row, startTime: new Date(at).toISOString() });
    at += 1000 * (typeof row.duration === 'number' ? row.duration : 0);
  }
}

const moveWithin = (order: string[], moving: string[], toIndex: number) => {
  const rest = order.filter((id) => !moving.includes(id));
  const at = Math.max(0, Math.min(rest.length, toIndex));
  return [...rest.slice(0, at), ...moving, ...rest.slice(at)];
};

const insertAfter = (order: string[], added: string[], after: string | undefined) => {
  const at = after === undefined ? order.length : order.indexOf(after) + 1;
  if (after !== undefined && at === 0) throw new Problem(422, 'afterRowId names no row of this item set list.');
  return [...order.slice(0, at), ...added, ...order.slice(at)];
};

function addRows(call: Call, drafts: unknown[]): StoredRecord[] {
  const show = showOf(call);
  if (call.body.itemSetId !== show.itemSetId) throw new Problem(422, 'itemSetId names no item set of this list.');
  const rows = drafts.map((draft) => {
    const fields = isObject(draft) ? draft : {};
    const row: StoredRecord = {
      title: '',
      cells: {},
      ...fields,
      _id: newId(),
      itemSetId: show.itemSetId,
      teamId: show.teamId,
      eventId: show.eventId,
      showId: show._id,
      itemSetListId: show.itemSetList,
      deleted: false,
      createdOn: call.now,
    };
    return call.write('rows', row);
  });
  const order = insertAfter(
    ids(show.rowOrder),
    rows.map((r) => r._id),
    str(call.body.afterRowId),
  );
  call.store.put('shows', { ...show, rowOrder: order });
  recomputeStartTimes(call, { ...show, rowOrder: order });
  return rows.map((r) => call.store.get('rows', r._id) ?? r);
}

/**
 * The running order with the deleted rows kept where they stood (`rowTrail`), so that a restored row goes back to its
 * old place among the others even when its neighbours were deleted or restored since (DECISIONS.md: "A restored row
 * goes back to its old place"). Rebuilt from the live order each time: moves and new rows since are taken as they
 * are, and each deleted row follows the row it followed before.
 */
function trailOf(call: Call, show: StoredRecord): string[] {
  const out = ids(show.rowOrder);
  const placed = new Set(out);
  const old = ids(show.rowTrail);
  for (const [i, id] of old.entries()) {
    if (placed.has(id) || call.store.get('rows', id)?.deleted !== true) continue;
    let before = i - 1;
    while (before >= 0 && !placed.has(old[before] ?? '')) before--;
    out.splice(before < 0 ? 0 : out.indexOf(old[before] ?? '') + 1, 0, id);
    placed.add(id);
  }
  return out;
}

function saveOrder(
  call: Call,
  show: StoredRecord,
  field: 'rowOrder' | 'columnOrder' | 'guestPassColumns',
  order: string[],
) {
  const next = { ...show, [field]: order, modifiedOn: call.now };
  call.write('shows', next, show);
  if (field === 'rowOrder') recomputeStartTimes(call, next);
  return next;
}

/** The stored order itself, not a copy, so the answer's schema check of it runs once per order, not per read. */
const rowOrderAnswer = (call: Call, show: StoredRecord) =>
  call.respond({ itemSetListId: show.itemSetList, rowOrder: Array.isArray(show.rowOrder) ? show.rowOrder : [] });
const layoutAnswer = (call: Call, show: StoredRecord) =>
  call.respond({
    itemSetListId: show.itemSetList,
    columnOrder: ids(show.columnOrder),
    guestPassColumns: ids(show.guestPassColumns),
  });

/** Each user's own view of a show's columns: one record per user and show. */
function userView(call: Call): StoredRecord {
  const show = showOf(call);
  const userId = call.request.caller?._id ?? '000000000000000000000000';
  const _id = `${show._id}:${userId}`;
  return (
    call.store.get('userViews', _id) ?? {
      _id,
      userId,
      showId: show._id,
      columnOrder: ids(show.columnOrder),
      hiddenColumnIds: [],
    }
  );
}

function saveUserView(call: Call, view: StoredRecord): Answer {
  call.write('userViews', { ...view, modifiedOn: call.now });
  const { _id, showId, modifiedOn, ...shown } = view;
  return call.respond(shown);
}

function liveColumn(call: Call, show: StoredRecord, columnId: unknown): StoredRecord {
  const column = call.target('columns', str(columnId));
  if (column.showId !== show._id || column.deleted === true) throw new Problem(404, 'No such live column here.');
  return column;
}

function rowsNamed(call: Call, rowIds: string[]): StoredRecord[] {
  return rowIds.map((id) => {
    const row = call.target('rows', id);
    if (row.showId !== call.request.path.showId) throw new Problem(404, `No such row here: ${id}.`);
    return row;
  });
}

const locked = (row: StoredRecord) => isObject(row.settings) && row.settings.locked === true;
const globalOf = (row: StoredRecord) => (isObject(row.globalElement) ? row.globalElement : undefined);

export const itemSetViews = {
  /** A soft-deleted row leaves the running order; it remembers its place to come back to it. */
  dropRow: (call) => {
    const show = showOf(call);
    const row = call.target();
    call.guard(row, call.effect.when);
    const order = ids(show.rowOrder);
    // Taken while the row is still in the running order, so the trail holds its place.
    const rowTrail = trailOf(call, show);
    const gone = call.write('rows', { ...row, deleted: true, orderIndex: order.indexOf(row._id) }, row);
    saveOrder(
      call,
      { ...show, rowTrail },
      'rowOrder',
      order.filter((id) => id !== row._id),
    );
    return call.respond(gone);
  },
  returnRow: (call) => {
    const show = showOf(call);
    const row = call.target();
    call.guard(row, call.effect.when);
    const order = ids(show.rowOrder).filter((id) => id !== row._id);
    const rowTrail = trailOf(call, show);
    const live = new Set(order);
    const at = Math.min(order.length, Number(row.orderIndex ?? order.length));
    const { orderIndex: _, ...back } = row;
    const restored = call.write('rows', { ...back, deleted: false } as StoredRecord, row);
    saveOrder(
      call,
      { ...show, rowTrail },
      'rowOrder',
      rowTrail.includes(row._id)
        ? rowTrail.filter((id) => live.has(id) || id === row._id)
        : [...order.slice(0, at), row._id, ...order.slice(at)],
    );
    return call.respond(call.store.get('rows', restored._id) ?? restored);
  },
  /** A deleted column leaves the shared and guest orders; restored, it comes back at the end of the shared one. */
  dropColumn: (call) => {
    const show = showOf(call);
    const column = call.target();
    call.guard(column, call.effect.when);
    const gone = call.write('columns', { ...column, deleted: true }, column);
    const next = saveOrder(
      call,
      show,
      'columnOrder',
      ids(show.columnOrder).filter((id) => id !== column._id),
    );
    saveOrder(
      call,
      next,
      'guestPassColumns',
      ids(show.guestPassColumns).filter((id) => id !== column._id),
    );
    return call.respond(gone);
  },
  returnColumn: (call) => {
    const show = showOf(call);
    const column = call.target();
    call.guard(column, call.effect.when);
    const back = call.write('columns', { ...column, deleted: false }, column);
    saveOrder(call, show, 'columnOrder', [...ids(show.columnOrder), column._id]);
    return call.respond(back);
  },
  itemSetList: (call) => call.respond(itemSetList(call, showOf(call), false)),
  itemSetListGuest: (call) => call.respond(itemSetList(call, showOf(call), true)),
  itemSetListCsv: (call) => {
    const show = showOf(call);
    const columns = ids(show.columnOrder).flatMap((id) => call.store.get('columns', id) ?? []);
    const rows = orderedRows(call, show, false);
    const cell = (v: unknown) => {
      const text = v === undefined || v === null ? '' : String(v);
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    const lines = [
      ['Title', ...columns.map((c) => c.title)].map(cell).join(','),
      ...rows.map((r) =>
        [r.title, ...columns.map((c) => (isObject(r.cells) ? r.cells[c._id] : ''))].map(cell).join(','),
      ),
    ];
    return call.respond(`${lines.join('\r\n')}\r\n`);
  },
  row: (call) => call.respond(addRows(call, [call.body.row])[0]),
  rows: (call) => call.respond(addRows(call, Array.isArray(call.body.rows) ? call.body.rows : [])),
  cell: (call) => {
    const show = showOf(call);
    liveColumn(call, show, call.body.columnId);
    const row = call.target();
    if (locked(row)) throw new Problem(409, 'The row is locked.');
    const cells = { ...(isObject(row.cells) ? row.cells : {}), [String(call.body.columnId)]: call.body.value };
    return call.respond(call.write('rows', { ...row, cells, modifiedOn: call.now }, row));
  },
  /** All or none: every row and column is checked before any cell is written. */
  cells: (call) => {
    const show = showOf(call);
    const changes = (Array.isArray(call.body.cells) ? call.body.cells : []).filter(isObject);
    const rows = new Map(
      rowsNamed(
        call,
        changes.map((c) => String(c.rowId)),
      ).map((r) => [r._id, r]),
    );
    for (const change of changes) liveColumn(call, show, change.columnId);
    if ([...rows.values()].some(locked)) throw new Problem(409, 'A row is locked.');
    for (const change of changes) {
      const row = rows.get(String(change.rowId)) as StoredRecord;
      rows.set(row._id, {
        ...row,
        cells: { ...(isObject(row.cells) ? row.cells : {}), [String(change.columnId)]: change.value },
      });
    }
    return call.respond([...rows.values()].map((row) => call.write('rows', row, call.store.get('rows', row._id))));
  },
  durations: (call) => {
    const entries = (Array.isArray(call.body.durations) ? call.body.durations : []).filter(isObject);
    const rows = rowsNamed(
      call,
      entries.map((e) => String(e.rowId)),
    );
    return call.respond(
      rows.map((row, i) => call.write('rows', { ...row, actualDuration: entries[i]?.actualDuration }, row)),
    );
  },
  many: (call) => {
    const rows = rowsNamed(call, ids(call.body.rowIds));
    for (const row of rows) call.guard(row, { deleted: false });
    if (rows.some(locked)) throw new Problem(409, 'A row is locked.');
    const show = showOf(call);
    const gone = rows.map((row) => call.write('rows', { ...row, deleted: true }, row));
    saveOrder(
      call,
      show,
      'rowOrder',
      ids(show.rowOrder).filter((id) => !gone.some((r) => r._id === id)),
    );
    return call.respond(gone);
  },
  proof: (call) => {
    const row = call.target();
    const proof = {
      rowId: row._id,
      performedAt: str(call.body.performedAt) ?? call.now,
      performedBy: call.request.caller?._id ?? '000000000000000000000000',
      ...(typeof call.body.note === 'string' ? { note: call.body.note } : {}),
      ...(typeof call.body.actualDuration === 'number' ? { actualDuration: call.body.actualDuration } : {}),
    };
    const history = [...(Array.isArray(row.proofHistory) ? row.proofHistory : []), ...(row.proof ? [row.proof] : [])];
    const next = { ...row, proof, proofHistory: history, actualDuration: proof.actualDuration ?? row.actualDuration };
    return call.respond(call.write('rows', next, row), 201);
  },
  proofNote: (call) => {
    const row = call.target();
    if (!isObject(row.proof)) throw new Problem(409, 'The row has no proof of performance.');
    return call.respond(call.write('rows', { ...row, proof: { ...row.proof, note: call.body.note } }, row));
  },
  clearProof: (call) => {
    const { proof: _, actualDuration: __, ...row } = call.target();
    return call.respond(call.write('rows', row as StoredRecord, call.target()));
  },
  clearProofHistory: (call) => call.respond(call.write('rows', { ...call.target(), proofHistory: [] }, call.target())),
  proofs: (call) =>
    call.respond(orderedRows(call, showOf(call), false).flatMap((r) => (isObject(r.proof) ? [r.proof] : []))),
  proofHistory: (call) => {
    const row = call.target();
    const all = [
      ...(isObject(row.proof) ? [row.proof] : []),
      ...(Array.isArray(row.proofHistory) ? [...row.proofHistory].reverse() : []),
    ];
    return call.respond(all);
  },
  clearProofs: (call) => {
    const show = showOf(call);
    for (const row of rowsOf(call, show)) {
      const { proof: _, proofHistory: __, actualDuration: ___, ...rest } = row;
      call.write('rows', rest as StoredRecord, row);
    }
    return call.respond(itemSetList(call, show, false));
  },
  resetStartTimes: (call) => {
    const show = showOf(call);
    const { startRowId: _, ...rest } = show;
    call.write('shows', rest as StoredRecord, show);
    recomputeStartTimes(call, rest as StoredRecord);
    return call.respond(itemSetList(call, rest as StoredRecord, false));
  },
  rowOrder: (call) => rowOrderAnswer(call, showOf(call)),
  inRowOrder: (call) =>
    call.respond(orderedRows(call, showOf(call), false).map((r) => ({ rowId: r._id, title: r.title }))),
  moveRows: (call) => {
    const show = showOf(call);
    const moving = call.body.rowIds ? ids(call.body.rowIds) : [String(call.body.rowId)];
    for (const row of rowsNamed(call, moving)) if (row.deleted === true) throw new Problem(404, 'That row is deleted.');
    return rowOrderAnswer(
      call,
      saveOrder(call, show, 'rowOrder', moveWithin(ids(show.rowOrder), moving, Number(call.body.toIndex))),
    );
  },
  /** The whole running order: every live row exactly once, else 422. */
  rowOrderReplace: (call) => {
    const show = showOf(call);
    const wanted = ids(call.body.rowOrder);
    const live = ids(show.rowOrder);
    if (
      wanted.length !== live.length ||
      new Set(wanted).size !== wanted.length ||
      !wanted.every((id) => live.includes(id))
    )
      throw new Problem(422, 'rowOrder must name every row of the item set list exactly once.');
    return rowOrderAnswer(call, saveOrder(call, show, 'rowOrder', wanted));
  },
  startRow: (call) => {
    const show = showOf(call);
    const [row] = rowsNamed(call, [String(call.body.rowId)]);
    if (call.body.itemSetId !== show.itemSetId || !row) throw new Problem(422, 'No such item set or row.');
    const next = { ...show, startRowId: row._id };
    call.write('shows', next, show);
    return call.respond({
      _id: show.itemSetId,
      itemSetListId: show.itemSetList,
      startRowId: row._id,
      rows: orderedRows(call, next, true),
    });
  },
  tracking: (call) => {
    const show = showOf(call);
    const tracking = call.body.running
      ? {
          running: true,
          currentRowId: str(call.body.currentRowId) ?? ids(show.rowOrder)[0],
          startedAt: call.now,
          trackedBy: call.request.caller?._id,
        }
      : { running: false };
    call.write('shows', { ...show, tracking }, show);
    return call.respond(tracking);
  },
  column: (call) => {
    const show = showOf(call);
    const title = String(call.body.title ?? '');
    if (columnsOf(call, show).some((c) => c.deleted !== true && String(c.title).toLowerCase() === title.toLowerCase()))
      throw new Problem(409, 'A column with that heading exists already.');
    const { afterColumnId, ...fields } = call.body;
    const column = call.write('columns', {
      ...fields,
      _id: newId(),
      teamId: show.teamId,
      eventId: show.eventId,
      showId: show._id,
      itemSetListId: show.itemSetList,
      deleted: false,
    });
    const order = ids(show.columnOrder);
    const at = typeof afterColumnId === 'string' ? order.indexOf(afterColumnId) + 1 : order.length;
    saveOrder(call, show, 'columnOrder', [...order.slice(0, at), column._id, ...order.slice(at)]);
    return call.respond(column);
  },
  inColumnOrder: (call) =>
    call.respond(
      ids(showOf(call).columnOrder).flatMap((id) => {
        const column = call.store.get('columns', id);
        return column && column.deleted !== true ? [{ columnId: id, title: column.title }] : [];
      }),
    ),
  moveColumn: (call) => {
    const show = showOf(call);
    liveColumn(call, show, call.body.columnId);
    return layoutAnswer(
      call,
      saveOrder(
        call,
        show,
        'columnOrder',
        moveWithin(ids(show.columnOrder), [String(call.body.columnId)], Number(call.body.toIndex)),
      ),
    );
  },
  moveGuestColumn: (call) => {
    const show = showOf(call);
    const id = String(call.body.columnId);
    if (!ids(show.guestPassColumns).includes(id)) throw new Problem(409, 'Guests do not see that column.');
    return layoutAnswer(
      call,
      saveOrder(
        call,
        show,
        'guestPassColumns',
        moveWithin(ids(show.guestPassColumns), [id], Number(call.body.toIndex)),
      ),
    );
  },
  addGuestColumn: (call) => {
    const show = showOf(call);
    const id = liveColumn(call, show, call.body.columnId)._id;
    if (ids(show.guestPassColumns).includes(id)) throw new Problem(409, 'Guests see that column already.');
    return layoutAnswer(call, saveOrder(call, show, 'guestPassColumns', [...ids(show.guestPassColumns), id]));
  },
  removeGuestColumn: (call) => {
    const show = showOf(call);
    const id = String(call.body.columnId);
    if (!ids(show.guestPassColumns).includes(id)) throw new Problem(409, 'Guests do not see that column.');
    return layoutAnswer(
      call,
      saveOrder(
        call,
        show,
        'guestPassColumns',
        ids(show.guestPassColumns).filter((c) => c !== id),
      ),
    );
  },
  orderFromUser: (call) => {
    const show = showOf(call);
    const view = call.store.get('userViews', `${show._id}:${String(call.body.userId)}`);
    if (!view) throw new Problem(404, 'That user has no column order of their own.');
    return layoutAnswer(call, saveOrder(call, show, 'columnOrder', ids(view.columnOrder)));
  },
  moveUserColumn: (call) => {
    const view = userView(call);
    return saveUserView(call, {
      ...view,
      columnOrder: moveWithin(ids(view.columnOrder), [String(call.body.columnId)], Number(call.body.toIndex)),
    });
  },
  showHidden: (call) => saveUserView(call, { ...userView(call), hiddenColumnIds: [] }),
  visibility: (call) => {
    const view = userView(call);
    const id = String(call.body.columnId);
    const hidden = ids(view.hiddenColumnIds).filter((c) => c !== id);
    return saveUserView(call, { ...view, hiddenColumnIds: call.body.visible ? hidden : [...hidden, id] });
  },
  userSettings: (call) => saveUserView(call, { ...userView(call), ...call.body }),
  /** Global elements: a row published once (409 twice); the other calls need a linked row (409 otherwise). */
  publish: (call) => {
    const row = call.target();
    if (globalOf(row)) throw new Problem(409, 'The row is linked to a global element already.');
    const globalElement = { globalElementId: newId(), version: 1, latestVersion: 1, references: [] };
    return call.respond(call.write('rows', { ...row, globalElement }, row));
  },
  linked: (call) => {
    const row = call.target();
    const element = globalOf(row);
    if (!element) throw new Problem(409, 'The row is not linked to a global element.');
    return call.respond(
      call.write('rows', { ...row, globalElement: { ...element, version: element.latestVersion } }, row),
    );
  },
  newVersion: (call) => {
    const row = call.target();
    const element = globalOf(row);
    if (!element) throw new Problem(409, 'The row is not linked to a global element.');
    const latest = Number(element.latestVersion ?? 1) + 1;
    return call.respond(
      call.write('rows', { ...row, globalElement: { ...element, version: latest, latestVersion: latest } }, row),
    );
  },
  references: (call) => {
    const row = call.target();
    const element = globalOf(row);
    if (!element) throw new Problem(409, 'The row is not linked to a global element.');
    const next = {
      ...element,
      references: Array.isArray(call.body.references) ? call.body.references : ids(call.body.rowIds),
    };
    call.write('rows', { ...row, globalElement: next }, row);
    return call.respond(next);
  },
  version: (call) => {
    const row = call.target();
    const element = globalOf(row);
    if (!element) throw new Problem(409, 'The row is not linked to a global element.');
    const version = Number(call.body.version);
    if (!(version >= 1 && version <= Number(element.latestVersion))) throw new Problem(422, 'No such version.');
    return call.respond(call.write('rows', { ...row, globalElement: { ...element, version } }, row));
  },
  globalElementRows: (call) =>
    call.respond(rowsOf(call, showOf(call)).filter((r) => globalOf(r) && r.deleted !== true)),
} satisfies Partial<Record<ViewKey, View>>;
