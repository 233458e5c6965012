package io.dpone.testkit.clickhouse.docker;

import static java.util.Objects.requireNonNull;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Frame;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Copies what the cluster's containers printed (the servers and Keeper log to the console, see
 * {@code fixtures/clickhouse/*.xml}) into {@code <directory>/<container>.log}, redacted
 * ({@link LogRedaction}). Docker keeps a container's output across kills and restarts until the
 * container is removed, so this runs before the cluster closes.
 */
final class ContainerLogs {
    /** The output a container printed since an instant, stdout and stderr interleaved. */
    @FunctionalInterface
    interface Source {
        String since(String containerId, Instant since) throws IOException;
    }

    private final Source source;
    private final LogRedaction redaction;

    ContainerLogs(Source source, LogRedaction redaction) {
        this.source = requireNonNull(source, "source is null");
        this.redaction = requireNonNull(redaction, "redaction is null");
    }

    /**
     * @param containers container name (e.g. {@code keeper}, {@code ch1}) to its id
     * @return how many logs were written; a container whose log cannot be read gets a file saying so
     */
    int copy(Map<String, String> containers, Instant since, Path directory) throws IOException {
        Files.createDirectories(directory);
        int written = 0;
        for (Map.Entry<String, String> container : containers.entrySet()) {
            String text;
            try {
                text = redaction.apply(source.since(container.getValue(), since));
            } catch (IOException | RuntimeException unreadable) {
                text = "dpone: the container's log could not be read ("
                        + unreadable.getClass().getSimpleName() + ")\n";
            }
            Files.writeString(directory.resolve(container.getKey() + ".log"), text, StandardCharsets.UTF_8);
            written++;
        }
        return written;
    }

    /** {@code docker logs --since --timestamps}, through the engine's API. */
    static Source docker(DockerClient docker) {
        return (containerId, since) -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ResultCallback.Adapter<Frame> frames = new ResultCallback.Adapter<>() {
                @Override
                public void onNext(Frame frame) {
                    out.writeBytes(frame.getPayload());
                }
            };
            try {
                docker.logContainerCmd(containerId)
                        .withStdOut(true)
                        .withStdErr(true)
                        .withTimestamps(true)
                        .withSince((int) since.getEpochSecond())
                        .exec(frames)
                        .awaitCompletion(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while reading a container's log", e);
            }
            return out.toString(StandardCharsets.UTF_8);
        };
    }
}
