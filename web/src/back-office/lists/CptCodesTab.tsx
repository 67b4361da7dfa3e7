/**
 * CPT Codes tab (spec back-office-and-shell section 2 "List Management"): the
 * searchable table of code and description, 10 per page (GET /cpt_codes?page=&limit=10&search=),
 * "No CPT codes found matching {term}", "Failed to load CPT codes" with Retry, and the import of the
 * CMS fee-schedule file from the browser with its progress.
 */
import { Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { LIST_MESSAGES } from '../../../../shared/schemas/reference-lists';
import type { DataColumn } from '../../components/DataTable';
import { ImportPanel, ListTabResults, Pager, SearchBox } from './parts';
import { useCptPage } from './queries';

const CPT_COLUMNS: DataColumn<{ cpt_code: string; cpt_description: string }>[] = [
  { header: 'Code', cell: (c) => c.cpt_code },
  { header: 'Description', cell: (c) => c.cpt_description },
];

export function CptCodesTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useCptPage(page, search);
  return (
    <Flex direction="column" gap="small">
      <ImportPanel
        kind="cpt"
        title="Import the CMS fee schedule"
        help={
          <>
            Upload the CMS Physician Fee Schedule Relative Value File in CSV (PPRRVU&lt;year&gt;_&lt;release&gt;.csv
            from the RVU zip on CMS&apos;s &quot;PFS Relative Value Files&quot; page). The import runs on the server; a
            file of another layout is refused and nothing is written.
          </>
        }
      />
      <SearchBox
        label="Search CPT codes"
        placeholder="Code or description"
        onSearch={(term) => {
          setSearch(term);
          setPage(1);
        }}
      />
      <ListTabResults
        query={query}
        rowsOf={(page) => page.cpt_codes}
        totalOf={(page) => page.total}
        noun="code"
        search={search}
        loadFailed={LIST_MESSAGES.cptLoadFailed}
        empty={search ? LIST_MESSAGES.noCptMatching(search) : 'No CPT codes found'}
        label="CPT codes"
        columns={CPT_COLUMNS}
        rowKey={(c) => c.cpt_code}
        pager={(data) => (
          <Pager
            page={page}
            totalPages={data.total_pages}
            hasPrevious={page > 1}
            hasNext={page < data.total_pages}
            onPrevious={() => setPage((p) => Math.max(1, p - 1))}
            onNext={() => setPage((p) => p + 1)}
            busy={query.isFetching}
          />
        )}
      />
    </Flex>
  );
}
