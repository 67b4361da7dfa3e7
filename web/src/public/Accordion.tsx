/**
 * An accordion of questions or steps with one item open at a time (spec back-office-and-shell
 * section 2 "FAQ page": "one open at a time; clicking the open one closes it"; also the back-office
 * FAQ/Tutorials' accordion items).
 *
 * Each item is a heading holding a button (`aria-expanded`, `aria-controls` naming its panel); the
 * panel is a `region` labelled by the button and `hidden` while closed (WAI-ARIA accordion pattern).
 * Opening one item closes the one that was open; activating the open one closes it. The open item
 * is the parent's state (`openId`, `onToggle`) so that a filter can close it, or local when the
 * parent passes none.
 */
import { useId, useState, type ReactNode } from 'react';
import { Card, Flex, Heading } from '@aws-amplify/ui-react';

export interface AccordionItem {
  /** Unique within the accordion. */
  id: string;
  /** The question or title: the button's text. */
  title: string;
  /** Shown under the title when open. */
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** Heading level of the item titles (default 2). */
  headingLevel?: 2 | 3 | 4;
  /** The open item's id, or null; with `onToggle`, the parent holds the state. */
  openId?: string | null;
  /** Called with the id to open, or null to close all. */
  onToggle?: (id: string | null) => void;
}

export function Accordion({ items, headingLevel = 2, openId, onToggle }: AccordionProps) {
  const base = useId();
  const [localOpen, setLocalOpen] = useState<string | null>(null);
  const controlled = onToggle !== undefined;
  const open = controlled ? (openId ?? null) : localOpen;
  const toggle = (id: string) => {
    const next = open === id ? null : id;
    if (controlled) onToggle(next);
    else setLocalOpen(next);
  };

  return (
    <Flex direction="column" gap="0.5rem">
      {items.map((item, i) => {
        const expanded = open === item.id;
        const buttonId = `${base}-button-${i}`;
        const panelId = `${base}-panel-${i}`;
        return (
          <Card key={item.id} variation="outlined" padding="0">
            <Heading level={headingLevel} fontSize="medium" margin="0">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                className="suture-accordion-button"
                style={{
                  display: 'flex',
                  width: '100%',
                  minHeight: 44,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  gap: '0.75rem',
                  padding: '0.75rem 1rem',
                  background: 'none',
                  border: 'none',
                  font: 'inherit',
                  fontWeight: 600,
                  textAlign: 'left',
                  color: 'inherit',
                  cursor: 'pointer',
                }}
              >
                <span>{item.title}</span>
                <span aria-hidden="true">{expanded ? '−' : '+'}</span>
              </button>
            </Heading>
            <div
              role="region"
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!expanded}
              style={{ padding: '0 1rem 1rem' }}
            >
              {item.content}
            </div>
          </Card>
        );
      })}
    </Flex>
  );
}
