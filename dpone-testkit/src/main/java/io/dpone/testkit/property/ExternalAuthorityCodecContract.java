package io.dpone.testkit.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.clickhouse.cluster.contract.authority.SlotSchema;
import io.dpone.clickhouse.cluster.contract.digest.CanonicalEncoder;
import io.dpone.clickhouse.external.authority.ExternalRecord;
import io.dpone.clickhouse.external.authority.ExternalSlot;
import io.dpone.clickhouse.external.authority.InternalBaseline;
import io.dpone.testkit.arbitrary.AuthorityArbitraries;
import io.dpone.testkit.arbitrary.ExternalRecordArbitraries;
import io.dpone.testkit.arbitrary.RowMutation;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Properties of an external authority schema over the shared control row: it round-trips every
 * valid external record of every phase, is deterministic, never throws on arbitrary stored rows,
 * blocks every single-column mutation of an encoded row, accepts a re-signed payload only in its
 * exact canonical form, and reads every valid internal V1 row as a foreign baseline (never as an
 * external record). Extend and implement {@link #schema()}.
 */
public abstract class ExternalAuthorityCodecContract {
    protected ExternalAuthorityCodecContract() {
    }

    protected abstract SlotSchema<ExternalSlot> schema();

    @Property
    void roundTripsEveryValidRecord(@ForAll("records") ExternalRecord record) {
        assertEquals(new DecodeResult.Valid<ExternalSlot>(record), schema().decode(schema().encode(record)));
    }

    @Property
    void encodingIsDeterministic(@ForAll("records") ExternalRecord record) {
        assertEquals(schema().encode(record), schema().encode(record));
    }

    @Property
    void decodeNeverThrows(@ForAll("rawRows") AuthorityRow row) {
        assertNotNull(schema().decode(row));
    }

    @Property
    void everySingleColumnMutationIsBlocked(@ForAll("records") ExternalRecord record, @ForAll("mutations") RowMutation mutation) {
        AuthorityRow row = schema().encode(record);
        AuthorityRow mutated = mutation.apply(row);
        Assume.that(!mutated.equals(row));
        assertInstanceOf(DecodeResult.Blocked.class, schema().decode(mutated), "column " + mutation.column());
    }

    @Property
    void resignedPayloadIsAcceptedOnlyInCanonicalForm(@ForAll("records") ExternalRecord record,
            @ForAll("mutations") RowMutation mutation) {
        AuthorityRow row = schema().encode(record);
        String payload = new RowMutation(5, mutation.kind(), mutation.position(), mutation.character(), mutation.replacement(),
                mutation.number()).apply(row).payload();
        Assume.that(payload != null && !payload.equals(row.payload()));
        String sha;
        try {
            sha = CanonicalEncoder.sha256(CanonicalEncoder.strictUtf8(payload)).hex();
        } catch (IllegalArgumentException notText) {
            return;
        }
        AuthorityRow resigned = new AuthorityRow(row.targetKey(), row.operationId(), row.fenceToken(), row.phase(),
                row.dispatchEpoch(), payload, sha);
        if (schema().decode(resigned) instanceof DecodeResult.Valid<ExternalSlot> valid) {
            assertEquals(resigned, schema().encode(valid.record()), "a non-canonical payload was accepted");
        }
    }

    @Property
    void aValidInternalRowIsAForeignBaselineNeverAnExternalRecord(@ForAll("internalRecords") AuthorityRecord internal) {
        DecodeResult<ExternalSlot> decoded = schema().decode(AuthorityCodecV1.INSTANCE.encode(internal));
        assertEquals(new DecodeResult.Valid<ExternalSlot>(new InternalBaseline(internal)), decoded);
    }

    @Provide
    Arbitrary<ExternalRecord> records() {
        return ExternalRecordArbitraries.records();
    }

    @Provide
    Arbitrary<AuthorityRecord> internalRecords() {
        return AuthorityArbitraries.records();
    }

    @Provide
    Arbitrary<AuthorityRow> rawRows() {
        return AuthorityArbitraries.rawRows();
    }

    @Provide
    Arbitrary<RowMutation> mutations() {
        return AuthorityArbitraries.rowMutations();
    }
}
