/**
 * Back-office FAQ/Tutorials, /back-office/faq, under the back-office guard (user_type 10 or more):
 * spec back-office-and-shell section 2 "Back-office FAQ/Tutorials"; spec back-office-and-shell
 *
 * - FAQ and Tutorials tabs: a WAI-ARIA tablist (ArrowLeft/ArrowRight move and select, Home/End,
 *   only the selected tab in the Tab order).
 * - A category filter per tab (All, then FAQ: general, cases, users, system; Tutorials:
 *   getting-started, case-management, user-management, advanced), as toggle buttons
 *   (`aria-pressed`). Changing tab or category closes the open item.
 * - Accordion items (one open at a time); a tutorial opens to its description and numbered steps.
 *
 * Content: ./content.ts (statuses, the workflow rule and user types from shared/).
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Accordion, type AccordionItem } from '../../public/Accordion';
import { FAQ_CATEGORIES, FAQ_ITEMS, TUTORIALS, TUTORIAL_CATEGORIES, type FaqItem, type Tutorial } from './content';

const TABS = [
  { value: 'faq', label: 'FAQ' },
  { value: 'tutorials', label: 'Tutorials' },
] as const;
type Tab = (typeof TABS)[number]['value'];

const ALL = 'all';

function faqContent(f: FaqItem) {
  const [first, ...rest] = f.answer;
  return (
    <Flex direction="column" gap="0.5rem">
      <Text>{first}</Text>
      {f.list && (
        <ul style={{ margin: 0, paddingLeft: '1.25rem' }}>
          {f.list.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {rest.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
    </Flex>
  );
}

function tutorialContent(t: Tutorial) {
  return (
    <Flex direction="column" gap="0.5rem">
      <Text color="font.secondary">{t.description}</Text>
      <ol style={{ margin: 0, paddingLeft: '1.5rem' }}>
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Flex>
  );
}

export default function BackOfficeFaqPage() {
  const base = useId();
  const [tab, setTab] = useState<Tab>('faq');
  const [category, setCategory] = useState<string>(ALL);
  const [openId, setOpenId] = useState<string | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const categories = tab === 'faq' ? FAQ_CATEGORIES : TUTORIAL_CATEGORIES;
  const items: AccordionItem[] =
    tab === 'faq'
      ? FAQ_ITEMS.filter((f) => category === ALL || f.category === category).map((f) => ({
          id: f.id,
          title: f.question,
          content: faqContent(f),
        }))
      : TUTORIALS.filter((t) => category === ALL || t.category === category).map((t) => ({
          id: t.id,
          title: t.title,
          content: tutorialContent(t),
        }));

  const selectTab = (next: Tab) => {
    if (next === tab) return;
    setTab(next);
    setCategory(ALL);
    setOpenId(null);
  };
  const selectCategory = (next: string) => {
    setCategory(next);
    setOpenId(null);
  };

  const onTabKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    const next = TABS[target];
    if (!next) return;
    selectTab(next.value);
    tabRefs.current[target]?.focus();
  };

  const panelId = `${base}-panel`;
  const tabId = (value: Tab) => `${base}-tab-${value}`;
  const groupLabel = tab === 'faq' ? 'FAQ category' : 'Tutorial category';

  return (
    <Flex direction="column" gap="1.25rem" maxWidth="60rem" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>FAQ &amp; Tutorials</Heading>
        <Text color="font.secondary">How cases, statuses and user types work in the back office.</Text>
      </Flex>
      <div role="tablist" aria-label="Help topics" style={{ display: 'flex', gap: '0.25rem', flexWrap: 'wrap' }}>
        {TABS.map((t, i) => {
          const selected = t.value === tab;
          return (
            <button
              key={t.value}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={tabId(t.value)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => selectTab(t.value)}
              onKeyDown={(e) => onTabKeyDown(e, i)}
              className={`amplify-button${selected ? ' amplify-button--primary' : ''}`}
              style={{ minHeight: 44 }}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(tab)}>
        <Flex direction="column" gap="1rem">
          <Flex as="div" role="group" aria-label={groupLabel} gap="0.5rem" wrap="wrap">
            {[{ value: ALL, label: 'All' }, ...categories].map((c) => (
              <Button
                key={c.value}
                size="small"
                variation={category === c.value ? 'primary' : undefined}
                aria-pressed={category === c.value}
                onClick={() => selectCategory(c.value)}
                style={{ minHeight: 44 }}
              >
                {c.label}
              </Button>
            ))}
          </Flex>
          {items.length === 0 ? (
            <Text role="status">Nothing in this category yet.</Text>
          ) : (
            <Accordion items={items} openId={openId} onToggle={setOpenId} />
          )}
        </Flex>
      </div>
    </Flex>
  );
}
