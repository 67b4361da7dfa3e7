/**
 * Doctor Types tab (beyond the spec's placeholder: docs/decisions/0009-spec-departures.md): the NUCC Health Care Provider
 * Taxonomy (code, grouping, classification, specialization), imported from NUCC's CSV in the browser
 * like the CMS file, searchable by the start of the code or of any word, 10 per page
 * (GET /lists/doctor_types). Source credit: NUCC (nucc.org).
 */
import { Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { LIST_MESSAGES, type DoctorType } from '../../../../shared/schemas/reference-lists';
import type { DataColumn } from '../../components/DataTable';
import { ImportPanel, ListTabResults, Pager, SearchBox } from './parts';
import { useCursorPages, useDoctorTypePage } from './queries';

const DOCTOR_TYPE_COLUMNS: DataColumn<DoctorType>[] = [
  { header: 'Code', cell: (d) => d.code },
  { header: 'Grouping', cell: (d) => d.grouping },
  { header: 'Classification', cell: (d) => d.classification },
  { header: 'Specialization', cell: (d) => d.specialization || '—' },
];

export function DoctorTypesTab() {
  const [search, setSearch] = useState('');
  const pages = useCursorPages(search);
  const query = useDoctorTypePage(search, pages.cursor);
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
      <ListTabResults
        query={query}
        rowsOf={(page) => page.doctor_types}
        totalOf={(page) => page.total}
        noun="doctor type"
        search={search}
        loadFailed={LIST_MESSAGES.doctorTypesLoadFailed}
        empty={search ? LIST_MESSAGES.noDoctorTypesMatching(search) : LIST_MESSAGES.noDoctorTypes}
        label="Doctor types"
        columns={DOCTOR_TYPE_COLUMNS}
        rowKey={(d) => d.code}
        pager={(data) => (
          <Pager
            page={pages.pageNumber}
            totalPages={Math.ceil(data.total / 10)}
            hasPrevious={pages.pageNumber > 1}
            hasNext={Boolean(data.next_cursor)}
            onPrevious={pages.previous}
            onNext={() => data.next_cursor && pages.next(data.next_cursor)}
            busy={query.isFetching}
          />
        )}
      />
    </Flex>
  );
}
