package io.dpone.testkit.clickhouse.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import java.util.Optional;

/**
 * The host port Docker publishes a container port on now: it may change when a stopped container
 * is started again, and a stopped container publishes none.
 */
final class PublishedPorts {
    private PublishedPorts() {}

    static Optional<Integer> hostPort(DockerClient docker, String containerId, int containerPort) {
        InspectContainerResponse info = docker.inspectContainerCmd(containerId).exec();
        Ports ports = info.getNetworkSettings() == null
                ? null
                : info.getNetworkSettings().getPorts();
        if (ports == null) {
            return Optional.empty();
        }
        Ports.Binding[] bindings = ports.getBindings().get(ExposedPort.tcp(containerPort));
        if (bindings == null
                || bindings.length == 0
                || bindings[0].getHostPortSpec() == null
                || bindings[0].getHostPortSpec().isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Integer.parseInt(bindings[0].getHostPortSpec()));
    }
}
