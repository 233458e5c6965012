package io.dpone.testkit.property.mutants;

import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodec;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityCodecV1;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRecord;
import io.dpone.clickhouse.cluster.contract.authority.AuthorityRow;
import io.dpone.clickhouse.cluster.contract.authority.DecodeResult;
import io.dpone.testkit.property.AuthorityCodecContract;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/** Decodes a control row without checking its payload checksum. */
@AddLifecycleHook(FixedSeedHook.class)
public class ChecksumBlindCodecMutant extends AuthorityCodecContract {
    @Override
    protected AuthorityCodec codec() {
        return new AuthorityCodec() {
            @Override
            public int schemaVersion() {
                return AuthorityCodecV1.INSTANCE.schemaVersion();
            }

            @Override
            public AuthorityRow encode(AuthorityRecord record) {
                return AuthorityCodecV1.INSTANCE.encode(record);
            }

            @Override
            public DecodeResult<AuthorityRecord> decode(AuthorityRow row) {
                return AuthorityCodecV1.INSTANCE.decode(ChecksumBlindRows.trusted(row));
            }
        };
    }
}
