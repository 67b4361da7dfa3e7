/**
 * Doctor Types tab (issue 8, section 6; beyond the spec's placeholder): the NUCC Health Care Provider
 * Taxonomy (code, grouping, classification, specialization), imported from NUCC's CSV in the browser
 * like the CMS file, searchable by the start of the code or of any word, 10 per page
 * (GET /lists/doctor_types). Source credit: NUCC (nucc.org).
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
import { useCursorPages, useDoctorTypePage } from './queries';

const HEADERS = ['Code', 'Grouping', 'Classification', 'Specialization'] as const;

export function DoctorTypesTab() {
  const [search, setSearch] = useState('');
  const pages = useCursorPages(search);
  const query = useDoctorTypePage(search, pages.cursor);
  const data = query.data;
  return (
    <Flex direction="column" gap="small">
      <ImportPanel
        kind="nucc"
        title="Import the NUCC provider taxonomy"
        help={
          <>
            Upload the Health Care Provider Taxonomy code set in CSV (nucc_taxonomy_&lt;version&gt;.csv from nucc.org).
            Source: National Uniform Claim Committee (NUCC), used with credit.
          </>
        }
      />
      <SearchBox
        label="Search doctor types"
        placeholder="Code, classification or specialization"
        onSearch={setSearch}
      />
      {query.isPending ? (
        <Loader ariaLabel="Loading..." />
      ) : query.isError ? (
        <Alert variation="error" role="alert" heading={LIST_MESSAGES.doctorTypesLoadFailed}>
          <Text>{(query.error as Error).message}</Text>
          <Button size="small" marginTop="small" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : data && data.doctor_types.length === 0 ? (
        <Text role="status">{search ? LIST_MESSAGES.noDoctorTypesMatching(search) : LIST_MESSAGES.noDoctorTypes}</Text>
      ) : data ? (
        <>
          <Text fontSize="small" role="status">
            {data.total.toLocaleString('en-US')} doctor type{data.total === 1 ? '' : 's'}
            {search ? ` matching ${search}` : ''}
          </Text>
          <div style={{ overflowX: 'auto' }}>
            <Table aria-label="Doctor types" size="small" highlightOnHover>
              <TableHead>
                <TableRow>
                  {HEADERS.map((h) => (
                    <TableCell as="th" scope="col" key={h}>
                      {h}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.doctor_types.map((d) => (
                  <TableRow key={d.code}>
                    <TableCell>{d.code}</TableCell>
                    <TableCell>{d.grouping}</TableCell>
                    <TableCell>{d.classification}</TableCell>
                    <TableCell>{d.specialization || '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <Pager
            page={pages.pageNumber}
            totalPages={Math.ceil(data.total / 10)}
            hasPrevious={pages.pageNumber > 1}
            hasNext={Boolean(data.next_cursor)}
            onPrevious={pages.previous}
            onNext={() => data.next_cursor && pages.next(data.next_cursor)}
            busy={query.isFetching}
          />
        </>
      ) : null}
    </Flex>
  );
}
