package io.dpone.clickhouse.internal.provider;

import com.google.auto.service.AutoService;
import io.dpone.clickhouse.cluster.source.ReadingSourceInspector;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceInspector;

/** Registers the core's source readers with the host, so a host with only this mode can check a source offline. */
@AutoService(SourceInspector.class)
public final class InternalSourceInspector implements SourceInspector {
    private final SourceInspector readers = new ReadingSourceInspector();

    @Override
    public SourceShape inspect(PublicationSource source) {
        return readers.inspect(source);
    }
}
