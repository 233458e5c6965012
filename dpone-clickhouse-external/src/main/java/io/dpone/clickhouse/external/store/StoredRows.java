package io.dpone.clickhouse.external.store;

import io.dpone.clickhouse.external.member.TypedRowSource;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The artifact's rows as one member's insert reads them: placed as members store them, verified
 * at the end (null only once the pass matched the manifest), closed when the insert ended.
 */
public interface StoredRows extends TypedRowSource, AutoCloseable {
    @Override
    void close();

    /** A member's own verifying pass, each row placed by {@code stored} (the path of one member at a time). */
    static StoredRows ownPass(ArtifactRows rows, UnaryOperator<List<Object>> stored) {
        return new StoredRows() {
            @Override
            public List<Object> next() {
                List<Object> row = rows.next();
                return row == null ? null : stored.apply(row);
            }

            @Override
            public void close() {
                rows.close();
            }
        };
    }
}
