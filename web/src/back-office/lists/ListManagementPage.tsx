/**
 * List Management, /back-office/list-management (spec back-office-and-shell section 2), for user_type 100 or more (Global Admin, Super User); anyone else is sent to
 * /back-office. Tabs CPT Codes, Doctor Types, Insurance Types as a WAI-ARIA tablist: one tab stop,
 * Left/Right (wrapping), Home and End move between tabs, the panel follows the selected tab.
 */
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { canManageLists } from '../../../../shared/roles';
import { LIST_MESSAGES } from '../../../../shared/schemas/reference-lists';
import { UI_MESSAGES } from '../../../../shared/messages';
import { FullPageMessage } from '../../shell/FullPageMessage';
import { useProfile } from '../../profile/useProfile';
import { CptCodesTab } from './CptCodesTab';
import { DoctorTypesTab } from './DoctorTypesTab';
import { InsuranceTypesTab } from './InsuranceTypesTab';

export const LIST_TABS = [
  { id: 'cpt', label: 'CPT Codes', Panel: CptCodesTab },
  { id: 'doctor-types', label: 'Doctor Types', Panel: DoctorTypesTab },
  { id: 'insurance-types', label: 'Insurance Types', Panel: InsuranceTypesTab },
] as const;

type TabId = (typeof LIST_TABS)[number]['id'];

/** The tabs and their panels (exported for tests, which render it without the profile guard). */
export function ListManagementTabs({ initial = 'cpt' }: { initial?: TabId }) {
  const [selected, setSelected] = useState<TabId>(initial);
  const baseId = useId();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const select = (id: TabId, focus: boolean) => {
    setSelected(id);
    if (focus) refs.current[id]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const index = LIST_TABS.findIndex((t) => t.id === selected);
    const last = LIST_TABS.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : undefined;
    if (to === undefined) return;
    e.preventDefault();
    select(LIST_TABS[to]!.id, true);
  };
  const current = LIST_TABS.find((t) => t.id === selected) ?? LIST_TABS[0];
  const Panel = current.Panel;
  return (
    <>
      <div role="tablist" aria-label="Lists" style={{ display: 'flex', gap: 4, flexWrap: 'wrap', marginBottom: 16 }}>
        {LIST_TABS.map((tab) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => select(tab.id, false)}
              onKeyDown={onKeyDown}
              style={{
                padding: '8px 16px',
                border: 'none',
                borderBottom: active ? '3px solid var(--amplify-colors-primary-80)' : '3px solid transparent',
                background: 'transparent',
                fontWeight: active ? 700 : 400,
                cursor: 'pointer',
                fontFamily: 'inherit',
                fontSize: 'inherit',
              }}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel-${current.id}`}
        aria-labelledby={`${baseId}-tab-${current.id}`}
        tabIndex={0}
      >
        <Panel />
      </div>
    </>
  );
}

export default function ListManagementPage() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canManageLists(profile.userType)) return <Navigate to="/back-office" replace />;
  return (
    <Flex direction="column" gap="small" padding="medium" maxWidth="72rem" margin="0 auto" width="100%">
      <Heading level={1}>List Management</Heading>
      <Text>{LIST_MESSAGES.screenNote}</Text>
      <ListManagementTabs />
    </Flex>
  );
}
