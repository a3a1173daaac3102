/**
 * The game list screen's choices (2.GL, 4.LIST) as a pure reducer, so the reset rules live in one
 * place: a new vendor resets the list type to all (4.LIST.01, decision 2.GL.08: "all" is the default
 * fourth type); any new filter sends paging back to page 1 (4.LIST.02). Decisions in ADR 0051.
 */

/** Page size of every game list (2.GL.07, section 9). */
export const GAME_PAGE_SIZE = 15;
/** The minimum-bet options after "all" (2.GL.06), in the site currency's major units. */
export const MIN_BET_OPTIONS = ['0.01', '0.05', '0.1', '0.5', '0.75'] as const;
/** Vendor tabs scroll with arrows only above this many vendors (2.GL.02). */
export const VENDOR_TABS_WITHOUT_ARROWS = 7;

export const LIST_TYPES = ['all', 'hot', 'fav', 'recent'] as const;
export type TListType = (typeof LIST_TYPES)[number];
/** The list types that need a session token (2.GL.03, 5.GATE.02). */
export const MEMBER_LIST_TYPES: readonly TListType[] = ['fav', 'recent'];

export type TListState = {
  /** The chosen vendor (vassalage); '' = every vendor. */
  vendor: string;
  listType: TListType;
  classify: string;
  name: string;
  /** '' = all, else one of MIN_BET_OPTIONS. */
  minBet: string;
  page: number;
};

export type TListAction =
  | { type: 'vendor'; vendor: string }
  | { type: 'listType'; listType: TListType }
  | { type: 'classify'; classify: string }
  | { type: 'name'; name: string }
  | { type: 'minBet'; minBet: string }
  | { type: 'page'; page: number }
  | { type: 'clear' };

export function initialListState(init: { vendor?: string | null; page?: string | null } = {}): TListState {
  const page = Number(init.page);
  return {
    vendor: init.vendor ?? '',
    listType: 'all',
    classify: '',
    name: '',
    minBet: '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function listReducer(state: TListState, action: TListAction): TListState {
  switch (action.type) {
    case 'vendor':
      if (action.vendor === state.vendor) return state;
      // 4.LIST.01: another vendor shows its whole list; its classifications differ, so that filter goes too.
      return { ...state, vendor: action.vendor, listType: 'all', classify: '', page: 1 };
    case 'listType':
      return action.listType === state.listType ? state : { ...state, listType: action.listType, page: 1 };
    case 'classify':
      return action.classify === state.classify ? state : { ...state, classify: action.classify, page: 1 };
    case 'name': {
      const name = action.name.trim();
      return name === state.name ? state : { ...state, name, page: 1 };
    }
    case 'minBet':
      return action.minBet === state.minBet ? state : { ...state, minBet: action.minBet, page: 1 };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(action.page)) };
    case 'clear':
      return { ...state, classify: '', name: '', minBet: '', page: 1 };
  }
}
