/**
 * CPT Codes tab (spec back-office-and-shell section 2 "List Management"; issue 8, section 6): the
 * searchable table of code and description, 10 per page (GET /cpt_codes?page=&limit=10&search=),
 * "No CPT codes found matching {term}", "Failed to load CPT codes" with Retry, and the import of the
 * CMS fee-schedule file from the browser with its progress.
 */
import {
  Alert,
  Button,
  Flex,
  Loader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useState } from 'react';
import { LIST_MESSAGES } from '../../../../shared/schemas/reference-lists';
import { ImportPanel, Pager, SearchBox } from './parts';
import { useCptPage } from './queries';

export function CptCodesTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useCptPage(page, search);
  const data = query.data;
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
      {query.isPending ? (
        <Loader ariaLabel="Loading..." />
      ) : query.isError ? (
        <Alert variation="error" role="alert" heading={LIST_MESSAGES.cptLoadFailed}>
          <Text>{(query.error as Error).message}</Text>
          <Button size="small" marginTop="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : data && data.cpt_codes.length === 0 ? (
        <Text role="status">{search ? LIST_MESSAGES.noCptMatching(search) : 'No CPT codes found'}</Text>
      ) : data ? (
        <>
          <Text fontSize="small" role="status">
            {data.total.toLocaleString('en-US')} code{data.total === 1 ? '' : 's'}
            {search ? ` matching ${search}` : ''}
          </Text>
          <div style={{ overflowX: 'auto' }}>
            <Table aria-label="CPT codes" size="small" highlightOnHover>
              <TableHead>
                <TableRow>
                  <TableCell as="th" scope="col">
                    Code
                  </TableCell>
                  <TableCell as="th" scope="col">
                    Description
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.cpt_codes.map((c) => (
                  <TableRow key={c.cpt_code}>
                    <TableCell>{c.cpt_code}</TableCell>
                    <TableCell>{c.cpt_description}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager
            page={page}
            totalPages={data.total_pages}
            hasPrevious={page > 1}
            hasNext={page < data.total_pages}
            onPrevious={() => setPage((p) => Math.max(1, p - 1))}
            onNext={() => setPage((p) => p + 1)}
            busy={query.isFetching}
          />
        </>
      ) : null}
    </Flex>
  );
}
