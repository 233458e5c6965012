package io.dpone.clickhouse.cluster.source;

import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceInspector;

/**
 * The readers both modes publish with ({@link SourceReaders}), for a host's offline check. The core
 * provides no service: each mode plugin registers it (InternalSourceInspector, ExternalSourceInspector).
 */
public class ReadingSourceInspector implements SourceInspector {
    @Override
    public SourceShape inspect(PublicationSource source) {
        try (OpenedSource opened = SourceReaders.open(source)) {
            long rows = 0;
            while (opened.cursor().next() != null) {
                rows++;
            }
            return new SourceShape(opened.columns(), rows);
        }
    }
}
