package io.dpone.clickhouse.external.provider;

import com.google.auto.service.AutoService;
import io.dpone.clickhouse.external.seal.SourceSealer;
import io.dpone.clickhouse.external.store.ArtifactStore;
import io.dpone.spi.artifact.ArtifactSealer;
import io.dpone.spi.artifact.SealedArtifact;
import io.dpone.spi.publication.ProgressListener;
import io.dpone.spi.source.PublicationSource;
import io.dpone.spi.source.SourceColumn;
import java.nio.file.Path;
import java.util.List;

/** External mode's sealing, offered to hosts through the SPI ({@code dpone seal}). */
@AutoService(ArtifactSealer.class)
public final class ExternalArtifactSealer implements ArtifactSealer {
    @Override
    public SealedArtifact seal(PublicationSource source, List<SourceColumn> columns, Path store, long rowBudget) {
        return new SourceSealer(ArtifactStore.open(store), rowBudget, ProgressListener.NONE)
                .seal(source, columns)
                .summary();
    }
}
